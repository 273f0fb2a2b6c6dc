// Query keys of the push slice.
export const pushKeys = {
  all: ["push"] as const,
  config: () => [...pushKeys.all, "config"] as const,
  preferences: (userId: string) => [...pushKeys.all, "preferences", userId] as const,
  subscriptions: (userId: string) => [...pushKeys.all, "subscriptions", userId] as const,
}
