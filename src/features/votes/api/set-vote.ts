// toggle_vote as a state the server converges to: PUT = voted, DELETE = not voted, each with a
// client-generated id, so a replay has the effect of once. Every vote goes through the outbox
// (src/lib/outbox.ts): stored first, sent at once when online, later when not, always with its
// author's token. A newer vote on a product replaces one still waiting, so five taps offline send
// one request. The button shows the queued state as pending until the server confirms it. The
// handler is registered when this module loads: whatever can submit a vote can also send it.
import type { QueryClient } from "@tanstack/react-query"
import { newRecordId } from "@/lib/ids"
import { registerOutboxHandler, submit } from "@/lib/outbox"
import { oncePerClient } from "@/lib/query-client"
import { onMarkSent, sendMark, setMark, useToggleMark } from "@/lib/user-toggles"
import { voteKeys } from "./keys"
import type { LatestCount } from "./latest-count"

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
  return sendMark<VoteResult>(`/api/vitrine/products/${encodeURIComponent(productId)}/vote`, voted, voteId, token)
}

registerOutboxHandler(VOTE_KIND, (payload, _op, ctx) => sendVote(payload as VoteInput, ctx.token))

/**
 * What a sent vote changes in the caches, bound once per QueryClient for the app's lifetime: by
 * the vote button and by the app's outbox sync, whichever loads first (a vote sent before the
 * other one loaded must still update the button).
 */
export const bindVoteCaches = oncePerClient((qc) =>
  onMarkSent<VoteInput, VoteResult>(VOTE_KIND, (input, result, userId) => {
    qc.setQueryData<LatestCount>(voteKeys.count(input.productId), { count: result.vote_count, at: Date.now() })
    setMark(qc, voteKeys.mine(userId), input.productId, result.voted, input.voteId)
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
  return useToggleMark(bindVoteCaches, voteSubmission, voteKeys.mine)
}
