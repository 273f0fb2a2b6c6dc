// The signed-in user's own record (users, by id), read fresh so the form edits what the server
// has. Offline it falls back to the copy kept with the session (localStorage), so the form still
// opens; saving needs the network and says so.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { isNetworkError, pb, type RecordModel } from "@/lib/pocketbase"
import type { OwnProfile } from "../types"
import { profileKeys } from "./keys"

function toOwnProfile(r: RecordModel): OwnProfile {
  return {
    id: r.id,
    collectionId: r.collectionId,
    username: (r.username as string) ?? "",
    display_name: (r.display_name as string) ?? "",
    bio: (r.bio as string) ?? "",
    avatar: (r.avatar as string) ?? "",
  }
}

export async function fetchOwnProfile(userId: string): Promise<OwnProfile> {
  try {
    return toOwnProfile(await pb.collection("users").getOne(userId))
  } catch (err) {
    const stored = pb.authStore.record
    if (isNetworkError(err) && stored?.id === userId) return toOwnProfile(stored)
    throw err
  }
}

export const ownProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: profileKeys.own(userId), queryFn: () => fetchOwnProfile(userId) })

export function useOwnProfile(userId: string) {
  return useQuery(ownProfileQueryOptions(userId))
}
