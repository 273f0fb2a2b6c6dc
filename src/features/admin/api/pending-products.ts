// 'Moderação de Produtos': pending products, newest first, with what a moderator needs to judge;
// approve and reject (with a reason) through the staff routes. Needs the network.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { avatarUrl } from "@/lib/auth"
import { fileToken, fileUrl, pb, type RecordModel } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export interface PendingProduct {
  id: string
  slug: string
  title: string
  description: string
  url: string
  created: string
  builtWithLovable: boolean
  builtWithEpic: boolean
  images: Array<{ thumb: string; full: string }>
  category: string
  tags: string[]
  maker: { displayName: string; username: string; avatarUrl: string } | null
  /** the maker's user id (staff never review their own submission) */
  makerId: string
}

function mapPending(r: RecordModel, token: string): PendingProduct {
  const maker = r.expand?.created_by as RecordModel | undefined
  const category = r.expand?.category as RecordModel | undefined
  const links = (r.expand?.product_tags_via_product as RecordModel[] | undefined) ?? []
  return {
    id: r.id,
    slug: r.slug as string,
    title: r.title as string,
    description: r.description as string,
    url: r.url as string,
    created: r.created as string,
    builtWithLovable: Boolean(r.built_with_lovable),
    builtWithEpic: Boolean(r.built_with_epic),
    // pictures of a product in review: staff see them with a file token
    images: ((r.images as string[]) ?? []).map((f) => ({
      thumb: fileUrl(r, f, "320x240", token),
      full: fileUrl(r, f, undefined, token),
    })),
    category: (category?.name as string) ?? "",
    tags: links.map((l) => (l.expand?.tag as RecordModel | undefined)?.name as string).filter(Boolean),
    makerId: r.created_by as string,
    maker: maker
      ? {
          displayName: maker.display_name as string,
          username: maker.username as string,
          avatarUrl: avatarUrl({ id: maker.id, collectionId: maker.collectionId, avatar: maker.avatar as string }),
        }
      : null,
  }
}

export function usePendingProducts() {
  return useQuery({
    queryKey: adminKeys.pending(),
    queryFn: async () => {
      const [list, token] = await Promise.all([
        pb.collection("products").getList(1, 100, {
          filter: 'status = "pending"',
          sort: "-created,-id",
          expand: "category,created_by,product_tags_via_product.tag",
        }),
        fileToken(),
      ])
      return list.items.map((r) => mapPending(r, token))
    },
  })
}

export function useModerateProduct() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: "approve" | "reject"; reason?: string }) =>
      pb.send(`/api/vitrine/admin/products/${encodeURIComponent(id)}/${decision}`, {
        method: "POST",
        body: decision === "reject" ? { reason } : {},
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
