// Query keys of the staff area: every staff mutation refreshes everything under `all`.
export const adminKeys = {
  all: ["admin"] as const,
  stats: () => [...adminKeys.all, "stats"] as const,
  pending: () => [...adminKeys.all, "pending"] as const,
  flags: (tab: "open" | "all") => [...adminKeys.all, "flags", tab] as const,
  log: () => [...adminKeys.all, "log"] as const,
  users: (q: string) => [...adminKeys.all, "users", q] as const,
}
