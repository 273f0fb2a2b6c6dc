// Username availability (GET /api/vitrine/usernames/{username}/available), checked after a
// 500 ms pause in typing. Offline the check fails and the state is "unknown": the form does not
// block on it, and the server checks again on save.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { useDebounced } from "@/lib/use-debounced"
import { pb } from "@/lib/pocketbase"
import { usernameProblem } from "../schemas"
import { profileKeys } from "./keys"

export const USERNAME_CHECK_DEBOUNCE_MS = 500

export async function checkUsername(username: string): Promise<boolean> {
  const res = await pb.send<{ available: boolean }>(
    `/api/vitrine/usernames/${encodeURIComponent(username)}/available`,
    { method: "GET" },
  )
  return res.available === true
}

export const usernameAvailableQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.usernameAvailable(username),
    queryFn: () => checkUsername(username),
    staleTime: 10_000,
    retry: false,
  })

export type Availability = "checking" | "available" | "taken" | "invalid" | "unknown"

/**
 * Availability of `typed` for the signed-in user whose saved username is `current`. The
 * unchanged username counts as available; a length or pattern problem counts as unavailable.
 */
export function useUsernameAvailability(typed: string, current: string): Availability {
  const value = typed.trim().toLowerCase()
  const debounced = useDebounced(value, USERNAME_CHECK_DEBOUNCE_MS)
  const unchanged = value === current
  const valid = usernameProblem(value) === null
  const query = useQuery({
    ...usernameAvailableQueryOptions(debounced),
    enabled: !unchanged && valid && debounced === value,
  })
  if (unchanged) return "available"
  if (!valid) return "invalid"
  if (debounced !== value || query.isFetching || query.isPending) return "checking"
  if (query.isError) return "unknown"
  return query.data ? "available" : "taken"
}
