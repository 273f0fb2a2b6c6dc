// Query keys of the notifications slice: one user's list (also the name of its private copy saved
// in IndexedDB, so the shape stays).
export const notificationKeys = {
  all: ["notifications"] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
}
