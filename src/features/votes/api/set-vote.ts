// toggle_vote as a state the server converges to: PUT = voted, DELETE = not voted, each with a
// client-generated id, so a replay has the effect of once. Every vote goes through the outbox
// (src/lib/outbox.ts): stored first, sent at once when online, later when not, always with its
// author's token. A newer vote on a product replaces one still waiting, so five taps offline send
// one request. The button shows the queued state as pending until the server confirms it. The
// handler is registered when this module loads: whatever can submit a vote can also send it.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { useAuth } from "@/lib/auth"
import { newRecordId } from "@/lib/ids"
import { onOutboxEvent, registerOutboxHandler, submit } from "@/lib/outbox"
import { pb } from "@/lib/pocketbase"
import { oncePerClient, rereadAfterWrite } from "@/lib/query-client"
import { voteKeys } from "./keys"
import type { LatestCount } from "./latest-count"
import type { MyVotes } from "./my-votes"

export const VOTE_KIND = "vote.set"

export interface VoteInput {
  productId: string
  voted: boolean
  /** the new vote's id (client-generated); ignored when removing */
  voteId: string
  /** for the pending list */
  title?: string
}

export interface VoteResult {
  voted: boolean
  vote_count: number
  /** false while the voter's e-mail is not confirmed: the vote waits to count */
  counted?: boolean
}

/** Sends one vote as its author (the token is the author's, never whatever session is current). */
export function sendVote({ productId, voted, voteId }: VoteInput, token: string): Promise<VoteResult> {
  return pb.send<VoteResult>(`/api/vitrine/products/${encodeURIComponent(productId)}/vote`, {
    method: voted ? "PUT" : "DELETE",
    body: voted ? { id: voteId } : undefined,
    headers: { Authorization: token },
  })
}

registerOutboxHandler(VOTE_KIND, (payload, _op, ctx) => sendVote(payload as VoteInput, ctx.token))

/**
 * What a sent vote changes in the caches, bound once per QueryClient for the app's lifetime: by
 * the vote button and by the app's outbox sync, whichever loads first (a vote sent before the
 * other one loaded must still update the button).
 */
export const bindVoteCaches = oncePerClient((qc) =>
  onOutboxEvent((e) => {
    if (e.type !== "sent" || e.op.kind !== VOTE_KIND) return
    const input = e.op.payload as VoteInput
    const result = e.result as VoteResult
    qc.setQueryData<LatestCount>(voteKeys.count(input.productId), { count: result.vote_count, at: Date.now() })
    qc.setQueryData<MyVotes>(voteKeys.mine(e.op.userId), (mine) => {
      if (!mine) return mine
      const next = { ...mine }
      if (result.voted) next[input.productId] = input.voteId
      else delete next[input.productId]
      return next
    })
    // and read them again: a read in flight may predate this vote
    rereadAfterWrite(qc, voteKeys.mine(e.op.userId))
  }),
)

/** The input of a vote (or unvote) on a product, for the outbox. */
export function voteSubmission(input: VoteInput, userId: string) {
  return {
    kind: VOTE_KIND,
    entityKey: `vote:${input.productId}`,
    payload: input,
    userId,
    opId: input.voteId,
    coalesce: true,
    label: input.title ? `Voto em ${input.title}` : "Voto",
  }
}

/** The vote that asked for the login, cast right after it (signed-out-vote.tsx). */
export function voteAfterLogin(qc: QueryClient, productId: string, title: string, userId: string) {
  bindVoteCaches(qc) // the button shows the server's answer even if nothing else bound them yet
  return submit(voteSubmission({ productId, voted: true, voteId: newRecordId(), title }, userId))
}

/** Toggles the user's vote: 'sent' with the server's count, or kept in the outbox ('offline', 'waiting'). */
export function useToggleVote() {
  const { user } = useAuth()
  const qc = useQueryClient()
  useEffect(() => bindVoteCaches(qc), [qc])
  return useMutation({
    mutationFn: (input: VoteInput) => submit(voteSubmission(input, user?.id ?? "")),
    onError: () => qc.invalidateQueries({ queryKey: voteKeys.mine(user?.id ?? "") }),
  })
}
