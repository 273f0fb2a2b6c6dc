// Saves one or more push choices (PUT, the server answers with all of them). Shown at once,
// rolled back with the server's message when refused or offline.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import type { PushPreferences } from "./get-push-preferences"
import { pushKeys } from "./keys"

export type PushChoice = Partial<Pick<PushPreferences, "votes" | "comments" | "launches" | "moderation">>

export function useSavePushPreferences(userId: string) {
  const qc = useQueryClient()
  const key = pushKeys.preferences(userId)
  return useMutation({
    mutationFn: (choice: PushChoice) =>
      pb.send<PushPreferences>("/api/vitrine/push/preferences", { method: "PUT", body: choice }),
    onMutate: async (choice) => {
      await qc.cancelQueries({ queryKey: key })
      const before = qc.getQueryData<PushPreferences>(key)
      if (before) qc.setQueryData<PushPreferences>(key, { ...before, ...choice })
      return { before }
    },
    onError: (_err, _choice, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before)
    },
    onSuccess: (saved) => qc.setQueryData(key, saved),
  })
}
