// Query keys of the auth slice (only the server's sign-in methods are read through a query).
export const authKeys = {
  all: ["auth"] as const,
  googleProvider: () => [...authKeys.all, "google-provider"] as const,
}
