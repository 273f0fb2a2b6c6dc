// Query keys of the follows slice (the user's follows are also the name of their private copy saved
// in IndexedDB, so the shape stays).
export const followKeys = {
  all: ["follows"] as const,
  mine: (userId: string) => [...followKeys.all, "mine", userId] as const,
}
