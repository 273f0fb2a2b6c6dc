// Query keys of the analytics slice: a product's numbers as one viewer sees them (also the name of
// their private copy saved in IndexedDB, so the shape stays).
export const statsKeys = {
  all: ["product-stats"] as const,
  product: (slug: string, userId: string) => [...statsKeys.all, slug, userId] as const,
}
