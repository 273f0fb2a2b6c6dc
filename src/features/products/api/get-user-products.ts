// A maker's products, newest first: approved only, or every status when the owner asks for `all`
// (the products listRule shows owners their pending and rejected ones, and nobody else's).
// Online: read from PocketBase and saved to IndexedDB. Offline: the saved copy of the same list.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { cachedRead } from "@/lib/cached-read"
import { fileToken, pb } from "@/lib/pocketbase"
import type { ProductStatus, UserProductCardData } from "../types"
import { productKeys } from "./get-products"
import { mapProductCard, PRODUCT_CARD_EXPAND } from "./map-product"

export interface UserProductsParams {
  userId: string
  /** every status (owner only); otherwise approved only */
  all?: boolean
}

export const userProductsKey = ({ userId, all = false }: UserProductsParams) =>
  [...productKeys.all, "user", userId, { all }] as const

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
  return records.map((r) => ({ ...mapProductCard(r, token), status: r.status as ProductStatus }))
}

export const userProductsQueryOptions = (params: UserProductsParams) =>
  queryOptions({
    queryKey: userProductsKey(params),
    queryFn: () =>
      cachedRead(JSON.stringify(userProductsKey(params)), () => fetchUserProducts(params), {
        // every status: only the owner sees it, and it goes when they sign out
        owner: params.all ? params.userId : "",
      }),
  })

export function useUserProducts(params: UserProductsParams) {
  return useQuery(userProductsQueryOptions(params))
}
