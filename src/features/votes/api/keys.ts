// Query keys of the votes slice (the user's votes are also the name of their private copy saved in
// IndexedDB, so the shape stays).
export const voteKeys = {
  all: ["votes"] as const,
  mine: (userId: string) => [...voteKeys.all, "mine", userId] as const,
  /** the latest vote count the server gave for a product (shown over older listing data) */
  count: (productId: string) => [...voteKeys.all, "count", productId] as const,
}
