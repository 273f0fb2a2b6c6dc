// A product's comments, oldest first, without the soft-deleted ones (GET
// /api/vitrine/products/{id}/comments: one SQL statement, and no guest throttling of empty lists
// as the collection API does). Saved to IndexedDB with the product page, so a page opened before
// shows its comments offline.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { avatarUrl } from "@/lib/auth"
import { cachedRead } from "@/lib/cached-read"
import { ClientResponseError, pb, type RecordModel } from "@/lib/pocketbase"

export interface CommentItem {
  id: string
  parent: string
  content: string
  created: string
  userId: string
  author: { displayName: string; username: string; avatarUrl: string }
  /** still in the outbox: 'pendente' */
  pending?: boolean
  /** the outbox gave up on it: why */
  failed?: string
  /** the outbox row, to discard a failed one */
  outboxSeq?: number
}

export const commentKeys = {
  all: ["comments"] as const,
  list: (productId: string) => [...commentKeys.all, productId] as const,
}

export function mapComment(r: RecordModel): CommentItem {
  const u = r.expand?.user as RecordModel | undefined
  return {
    id: r.id,
    parent: (r.parent as string) || "",
    content: r.content as string,
    created: r.created as string,
    userId: r.user as string,
    author: {
      // no author: the account was deleted (LGPD), the comment stays
      displayName: r.user ? (u?.display_name as string) || "Alguém" : "Usuário removido",
      username: (u?.username as string) || "",
      avatarUrl: u ? avatarUrl({ id: u.id, collectionId: u.collectionId, avatar: u.avatar as string }) : "",
    },
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
