// A product's comments, oldest first, without the soft-deleted ones (GET
// /api/vitrine/products/{id}/comments: one SQL statement, and no guest throttling of empty lists
// as the collection API does). Saved to IndexedDB with the product page, so a page opened before
// shows its comments offline.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { cachedRead } from "@/lib/cached-read"
import { mapPerson, namedOnly, type Person } from "@/lib/mapping/person"
import { ClientResponseError, pb, type RecordModel } from "@/lib/pocketbase"
import { commentKeys } from "./keys"

export interface CommentItem {
  id: string
  parent: string
  content: string
  created: string
  userId: string
  author: Person
  /** still in the outbox: 'pendente' */
  pending?: boolean
  /** the outbox gave up on it: why */
  failed?: string
  /** the outbox row, to discard a failed one */
  outboxSeq?: number
}

export function mapComment(r: RecordModel): CommentItem {
  const u = r.expand?.user as RecordModel | undefined
  return {
    id: r.id,
    parent: (r.parent as string) || "",
    content: r.content as string,
    created: r.created as string,
    userId: r.user as string,
    // no author: the account was deleted (LGPD), the comment stays
    author: mapPerson(u) ?? namedOnly(r.user ? undefined : "Usuário removido"),
  }
}

export async function fetchComments(productId: string): Promise<CommentItem[]> {
  try {
    const res = await pb.send<{ items?: RecordModel[] }>(
      `/api/vitrine/products/${encodeURIComponent(productId)}/comments`,
      { method: "GET" },
    )
    return (res.items ?? []).map(mapComment)
  } catch (err) {
    // a product this user may not see has no comments for them (as the list rule answered)
    if (err instanceof ClientResponseError && err.status === 404) return []
    throw err
  }
}

export const commentsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: commentKeys.list(productId),
    queryFn: async () =>
      (await cachedRead(JSON.stringify(commentKeys.list(productId)), () => fetchComments(productId))).data,
  })

export function useComments(productId: string) {
  return useQuery(commentsQueryOptions(productId))
}
