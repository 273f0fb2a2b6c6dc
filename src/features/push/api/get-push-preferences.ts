// What the signed-in user wants pushed (saved on the server, for every device): votes (and the
// product's place of the day), comments, launches of followed makers and, for staff, moderation.
// Needs the network.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { pushKeys } from "./keys"

export interface PushPreferences {
  votes: boolean
  comments: boolean
  /** new products of makers the user follows */
  launches: boolean
  moderation: boolean
  /** the server's word on whether the moderation choice applies */
  staff: boolean
}

export const pushPreferencesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: pushKeys.preferences(userId),
    queryFn: () => pb.send<PushPreferences>("/api/vitrine/push/preferences", {}),
  })

export function usePushPreferences(userId: string, enabled = true) {
  return useQuery({ ...pushPreferencesQueryOptions(userId), enabled })
}
