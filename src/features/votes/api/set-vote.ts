// toggle_vote as a state the server converges to: PUT = voted, DELETE = not voted. Sending the same
// call twice has the effect of once (the vote carries a client-generated id), which is what lets
// the offline outbox replay it. The one function every vote goes through.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useAuth } from "@/lib/auth"
import { newRecordId } from "@/lib/ids"
import { pb } from "@/lib/pocketbase"
import { voteKeys, type MyVotes } from "./my-votes"

export interface VoteInput {
  productId: string
  voted: boolean
  /** the new vote's id (client-generated); ignored when removing */
  voteId?: string
}

export interface VoteResult {
  voted: boolean
  vote_count: number
}

export function sendVote({ productId, voted, voteId }: VoteInput): Promise<VoteResult> {
  return pb.send<VoteResult>(`/api/vitrine/products/${encodeURIComponent(productId)}/vote`, {
    method: voted ? "PUT" : "DELETE",
    body: voted ? { id: voteId } : undefined,
  })
}

/** Toggles the user's vote on a product; the button shows the new state and count at once. */
export function useToggleVote() {
  const qc = useQueryClient()
  const { user } = useAuth()
  const mineKey = voteKeys.mine(user?.id ?? "")
  return useMutation({
    mutationFn: (input: VoteInput & { shownCount: number }) => sendVote(input),
    onMutate: async (input) => {
      await qc.cancelQueries({ queryKey: mineKey })
      const before = qc.getQueryData<MyVotes>(mineKey)
      const countKey = voteKeys.count(input.productId)
      const countBefore = qc.getQueryData<number>(countKey)
      qc.setQueryData(countKey, Math.max(0, input.shownCount + (input.voted ? 1 : -1)))
      qc.setQueryData<MyVotes>(mineKey, (mine = {}) => {
        const next = { ...mine }
        if (input.voted) next[input.productId] = input.voteId ?? newRecordId()
        else delete next[input.productId]
        return next
      })
      return { before, countBefore }
    },
    onError: (_err, input, ctx) => {
      qc.setQueryData(mineKey, ctx?.before)
      qc.setQueryData(voteKeys.count(input.productId), ctx?.countBefore)
    },
    onSuccess: (result, input) => qc.setQueryData(voteKeys.count(input.productId), result.vote_count),
  })
}
