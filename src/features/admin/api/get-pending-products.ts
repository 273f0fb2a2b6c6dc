// 'Moderação de Produtos': pending products, newest first, with what a moderator needs to judge:
// the card (the same mapper as every product card) plus the address, the submission time and
// every picture. Needs the network; kept fresh by use-admin-realtime.ts.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { mapProductCard, PRODUCT_CARD_EXPAND, recordAsCardDTO, type ProductCardData } from "@/lib/mapping/product-card"
import { fileToken, fileUrl, pb, type RecordModel } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export interface PendingProduct extends Omit<ProductCardData, "readAt"> {
  url: string
  created: string
  images: Array<{ thumb: string; full: string }>
  /** the maker's user id (staff never review their own submission) */
  makerId: string
}

function mapPending(r: RecordModel, token: string): PendingProduct {
  return {
    // pictures of a product in review: staff see them with a file token
    ...mapProductCard(recordAsCardDTO(r), token),
    url: r.url as string,
    created: r.created as string,
    images: ((r.images as string[]) ?? []).map((f) => ({
      thumb: fileUrl(r, f, "320x240", token),
      full: fileUrl(r, f, undefined, token),
    })),
    makerId: r.created_by as string,
  }
}

export async function fetchPendingProducts(): Promise<PendingProduct[]> {
  const [list, token] = await Promise.all([
    pb.collection("products").getList(1, 100, {
      filter: 'status = "pending"',
      sort: "-created,-id",
      expand: PRODUCT_CARD_EXPAND,
    }),
    fileToken(),
  ])
  return list.items.map((r) => mapPending(r, token))
}

export const pendingProductsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.pending(), queryFn: fetchPendingProducts })

export function usePendingProducts() {
  return useQuery(pendingProductsQueryOptions())
}
