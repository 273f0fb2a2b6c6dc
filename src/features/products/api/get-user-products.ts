// A maker's products, newest first: approved only, or every status when the owner asks for `all`
// (the products listRule shows owners their pending and rejected ones, and nobody else's).
// Read through the collections API, not the listing route (/api/vitrine/products): that route
// lists approved products only, in publication order, a page at a time, and has no status on its
// cards. Online: read from PocketBase and saved to IndexedDB. Offline: the saved copy of the same
// list.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { cachedRead } from "@/lib/cached-read"
import { mapProductCard, PRODUCT_CARD_EXPAND, recordAsCardDTO } from "@/lib/mapping/product-card"
import { fileToken, pb } from "@/lib/pocketbase"
import type { ProductStatus, UserProductCardData } from "../types"
import { productKeys } from "./keys"

export interface UserProductsParams {
  userId: string
  /** every status (owner only); otherwise approved only */
  all?: boolean
}

export async function fetchUserProducts({ userId, all = false }: UserProductsParams): Promise<UserProductCardData[]> {
  const filters = [pb.filter("created_by = {:userId}", { userId })]
  if (!all) filters.push(pb.filter("status = {:status}", { status: "approved" }))
  const records = await pb.collection("products").getFullList({
    filter: filters.join(" && "),
    sort: "-created,-id",
    expand: PRODUCT_CARD_EXPAND,
  })
  // pictures of products in review need the owner's file token
  const token = all ? await fileToken() : ""
  return records.map((r) => ({
    ...mapProductCard(recordAsCardDTO(r), r.status === "approved" ? undefined : token),
    status: r.status as ProductStatus,
  }))
}

export const userProductsQueryOptions = ({ userId, all = false }: UserProductsParams) => {
  const key = productKeys.user(userId, all)
  return queryOptions({
    queryKey: key,
    queryFn: () =>
      cachedRead(JSON.stringify(key), () => fetchUserProducts({ userId, all }), {
        // every status: only the owner sees it, and it goes when they sign out
        owner: all ? userId : "",
      }),
  })
}

export function useUserProducts(params: UserProductsParams) {
  return useQuery(userProductsQueryOptions(params))
}
