// Query keys of the comments slice: a product's comments (also the name of their copy saved in
// IndexedDB, so the shape stays).
export const commentKeys = {
  all: ["comments"] as const,
  list: (productId: string) => [...commentKeys.all, productId] as const,
}
