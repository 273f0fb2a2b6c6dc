/** Query keys of the profiles slice; mutations invalidate through these. */
export const profileKeys = {
  all: ["profiles"] as const,
  maker: (username: string) => [...profileKeys.all, "maker", username.toLowerCase()] as const,
  own: (userId: string) => [...profileKeys.all, "own", userId] as const,
  usernameAvailable: (username: string) => [...profileKeys.all, "username-available", username] as const,
}
