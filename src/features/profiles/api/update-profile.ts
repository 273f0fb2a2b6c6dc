// Saves the signed-in user's profile (users update by own id; an avatar goes as multipart).
// Needs the network: offline the request fails and the form shows the error; nothing is queued.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import type { ProfileValues } from "../schemas"
import { profileKeys } from "./keys"

export interface ProfileUpdate extends ProfileValues {
  /** A new avatar picture, or null to keep the current one. */
  avatar: File | null
}

export async function updateProfile(userId: string, update: ProfileUpdate) {
  const { avatar, ...fields } = update
  let body: FormData | ProfileValues = fields
  if (avatar) {
    const form = new FormData()
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    form.append("avatar", avatar)
    body = form
  }
  return pb.collection("users").update(userId, body)
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(userId, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  })
}
