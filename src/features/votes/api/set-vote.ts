// toggle_vote as a state the server converges to: PUT = voted, DELETE = not voted, each with a
// client-generated id, so a replay has the effect of once. Every vote goes through the outbox
// (src/lib/outbox.ts): stored first, sent at once when online, later when not. The button shows
// the queued state as pending until the server confirms it.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query"
import { useAuth } from "@/lib/auth"
import { onOutboxEvent, registerOutboxHandler, submit } from "@/lib/outbox"
import { pb } from "@/lib/pocketbase"
import { rereadAfterWrite } from "@/lib/query-client"
import { voteKeys, type MyVotes } from "./my-votes"

export const VOTE_KIND = "vote.set"

export interface VoteInput {
  productId: string
  voted: boolean
  /** the new vote's id (client-generated); ignored when removing */
  voteId: string
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

/** Once, at app start: how queued votes are sent, and what a sent one changes in the caches. */
export function registerVoteOutbox(qc: QueryClient) {
  registerOutboxHandler(VOTE_KIND, (payload) => sendVote(payload as VoteInput))
  return onOutboxEvent((e) => {
    if (e.type !== "sent" || e.op.kind !== VOTE_KIND) return
    const input = e.op.payload as VoteInput
    const result = e.result as VoteResult
    qc.setQueryData(voteKeys.count(input.productId), result.vote_count)
    qc.setQueryData<MyVotes>(voteKeys.mine(e.op.userId), (mine) => {
      if (!mine) return mine
      const next = { ...mine }
      if (result.voted) next[input.productId] = input.voteId
      else delete next[input.productId]
      return next
    })
    // and read them again: a read in flight may predate this vote
    rereadAfterWrite(qc, voteKeys.mine(e.op.userId))
  })
}

/** Toggles the user's vote: 'sent' with the server's count, or 'queued' in the outbox. */
export function useToggleVote() {
  const { user } = useAuth()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: VoteInput) =>
      submit({
        kind: VOTE_KIND,
        entityKey: `vote:${input.productId}`,
        payload: input,
        userId: user?.id ?? "",
        opId: input.voteId,
      }),
    onError: () => qc.invalidateQueries({ queryKey: voteKeys.mine(user?.id ?? "") }),
  })
}
