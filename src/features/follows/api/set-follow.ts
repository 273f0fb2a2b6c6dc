// Following a maker as a state the server converges to: PUT = following, DELETE = not, with a
// client-generated id, so a replay has the effect of once. Like votes, every follow goes through
// the outbox (src/lib/outbox.ts): stored first, sent at once when online, later when not, always
// with its author's token; a newer tap on the same maker replaces one still waiting. The handler
// is registered when this module loads: whatever can submit a follow can also send it.
import type { QueryClient } from "@tanstack/react-query"
import { newRecordId } from "@/lib/ids"
import { registerOutboxHandler, submit } from "@/lib/outbox"
import { oncePerClient } from "@/lib/query-client"
import { onMarkSent, sendMark, setMark, useToggleMark } from "@/lib/user-toggles"
import { followKeys } from "./keys"

export const FOLLOW_KIND = "follow.set"

export interface FollowInput {
  makerId: string
  following: boolean
  /** the new follow's id (client-generated); ignored when unfollowing */
  followId: string
  /** for the pending list and the toasts */
  makerName?: string
}

export interface FollowResult {
  following: boolean
  followers: number
}

/** Sends one follow as its author (the token is the author's, never whatever session is current). */
export function sendFollow({ makerId, following, followId }: FollowInput, token: string): Promise<FollowResult> {
  return sendMark<FollowResult>(`/api/vitrine/makers/${encodeURIComponent(makerId)}/follow`, following, followId, token)
}

registerOutboxHandler(FOLLOW_KIND, (payload, _op, ctx) => sendFollow(payload as FollowInput, ctx.token))

/**
 * What a sent follow changes in the caches, bound once per QueryClient for the app's lifetime (by
 * the follow button and by the app's outbox sync, whichever loads first).
 */
export const bindFollowCaches = oncePerClient((qc) =>
  onMarkSent<FollowInput, FollowResult>(FOLLOW_KIND, (input, result, userId) =>
    setMark(qc, followKeys.mine(userId), input.makerId, result.following, input.followId),
  ),
)

/** The input of a follow (or unfollow) of a maker, for the outbox. */
export function followSubmission(input: FollowInput, userId: string) {
  const who = input.makerName ? ` ${input.makerName}` : ""
  return {
    kind: FOLLOW_KIND,
    entityKey: `follow:${input.makerId}`,
    payload: input,
    userId,
    opId: input.followId,
    coalesce: true,
    label: `${input.following ? "Seguir" : "Deixar de seguir"}${who}`,
  }
}

/** The follow that asked for the login, done right after it (signed-out-follow.tsx). */
export function followAfterLogin(qc: QueryClient, makerId: string, makerName: string, userId: string) {
  bindFollowCaches(qc)
  return submit(followSubmission({ makerId, following: true, followId: newRecordId(), makerName }, userId))
}

/** Toggles following: 'sent' with the server's count, or kept in the outbox ('offline', 'waiting'). */
export function useToggleFollow() {
  return useToggleMark(bindFollowCaches, followSubmission, followKeys.mine)
}
