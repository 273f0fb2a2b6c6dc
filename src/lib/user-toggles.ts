// A user's on/off marks on things (a vote on a product, a follow of a maker), the logic the votes
// and follows slices share. Each mark is a state the server converges to: PUT = on, DELETE = off,
// with a client-generated record id, so a replay has the effect of once. Every toggle goes through
// the outbox (./outbox): stored first, sent at once when online, later when not, always with its
// author's token. The user's own marks (target id -> record id) are read once per session and
// saved to IndexedDB as the user's private copy (./cached-read), so offline the buttons show what
// the server last said; every toggle the server took updates that map, then reads it again.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { useAuth } from "./auth"
import { cachedRead } from "./cached-read"
import { onOutboxEvent, submit, type EnqueueInput } from "./outbox"
import { pb } from "./pocketbase"
import { rereadAfterWrite } from "./query-client"
import { useOutboxSelect } from "./use-outbox"

/** The user's marks: target id -> the id of the user's record (the vote, the follow). */
export type MarkMap = Record<string, string>

/** Reads the user's records of `collection` (theirs by `userField`) as `targetField` -> record id. */
export async function fetchMarks(
  collection: string,
  userField: string,
  targetField: string,
  userId: string,
): Promise<MarkMap> {
  const list = await pb.collection(collection).getFullList({
    filter: pb.filter(`${userField} = {:u}`, { u: userId }),
    fields: `id,${targetField}`,
    batch: 1000,
  })
  return Object.fromEntries(list.map((r) => [r[targetField] as string, r.id]))
}

/** The query of the user's marks under `queryKey`, which also names their saved private copy. */
export const marksQueryOptions = <K extends readonly unknown[]>(
  queryKey: K,
  userId: string,
  fetchMap: () => Promise<MarkMap>,
) =>
  queryOptions({
    queryKey,
    queryFn: async () => (await cachedRead(JSON.stringify(queryKey), fetchMap, { owner: userId })).data,
    staleTime: 5 * 60_000,
  })

/**
 * The signed-in user's mark on `targetId`: what the server last said (`server`) and the state the
 * newest waiting toggle of `kind` on it asks for (`queued`, undefined when none waits). Both are
 * selected down to booleans, so the button re-renders only when its own mark changes, not when a
 * vote on another card is sent or leaves the queue.
 */
export function useMark<K extends readonly unknown[], P>(
  options: (userId: string) => ReturnType<typeof marksQueryOptions<K>>,
  kind: string,
  targetId: string,
  read: (payload: P) => { target: string; on: boolean },
): { server: boolean; queued: boolean | undefined } {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const { data: server = false } = useQuery({
    ...options(userId),
    enabled: !!userId,
    select: (mine: MarkMap) => !!mine[targetId],
  })
  const queued = useOutboxSelect((ops) => {
    for (let i = ops.length - 1; i >= 0; i--) {
      const o = ops[i]!
      if (o.kind !== kind || o.state !== "pending") continue
      const mark = read(o.payload as P)
      if (mark.target === targetId) return mark.on
    }
    return undefined
  })
  return { server, queued }
}

/** Sends one toggle to `path` as its author (the token is the author's, never whatever session is current). */
export function sendMark<T>(path: string, on: boolean, recordId: string, token: string): Promise<T> {
  return pb.send<T>(path, {
    method: on ? "PUT" : "DELETE",
    body: on ? { id: recordId } : undefined,
    headers: { Authorization: token },
  })
}

/** Calls `apply` with every sent outbox write of `kind`: its input, the server's answer and its author. */
export function onMarkSent<I, R>(kind: string, apply: (input: I, result: R, userId: string) => void) {
  return onOutboxEvent((e) => {
    if (e.type === "sent" && e.op.kind === kind) apply(e.op.payload as I, e.result as R, e.op.userId)
  })
}

/**
 * Writes a toggle the server took into the user's marks under `queryKey` (`recordId` when on, gone
 * when off), then reads them again: a read in flight may predate this write.
 */
export function setMark(
  qc: QueryClient,
  queryKey: readonly unknown[],
  targetId: string,
  on: boolean,
  recordId: string,
) {
  qc.setQueryData<MarkMap>(queryKey, (mine) => {
    if (!mine) return mine
    const next = { ...mine }
    if (on) next[targetId] = recordId
    else delete next[targetId]
    return next
  })
  rereadAfterWrite(qc, queryKey)
}

/**
 * Toggles a mark through the outbox: 'sent' with the server's answer, or kept there ('offline',
 * 'waiting'). `bind` (the slice's cache listeners) is bound on mount; a refused toggle reads the
 * user's marks (`marksKey`) again.
 */
export function useToggleMark<I>(
  bind: (qc: QueryClient) => void,
  submission: (input: I, userId: string) => EnqueueInput,
  marksKey: (userId: string) => readonly unknown[],
) {
  const { user } = useAuth()
  const qc = useQueryClient()
  useEffect(() => bind(qc), [bind, qc])
  return useMutation({
    mutationFn: (input: I) => submit(submission(input, user?.id ?? "")),
    onError: () => qc.invalidateQueries({ queryKey: marksKey(user?.id ?? "") }),
  })
}
