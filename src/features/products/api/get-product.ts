// One product by slug for the detail and edit pages (GET /api/vitrine/products/by-slug/{slug}):
// approved products for everyone signed in, pending or rejected ones for their owner only. A
// missing or hidden product resolves to null (the page shows 'Produto não encontrado'). Online:
// read and saved to IndexedDB. Offline: the saved copy of a product page opened before. Opened
// from a link, an approved product comes with the page (src/lib/boot.ts): no request.
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query"
import { takeBootProduct } from "@/lib/boot"
import { cachedRead, keepCopy, type CachedResult } from "@/lib/cached-read"
import { ClientResponseError, fileToken, pb } from "@/lib/pocketbase"
import type { ProductCardDTO, ProductStatus } from "../types"
import { productKeys } from "./get-products"

/** The detail route: the card DTO plus status, owner, address and the maker's bio. */
export interface ProductDetail extends Omit<ProductCardDTO, "maker"> {
  status: ProductStatus
  rejection_reason: string
  created_by: string
  url: string
  /** the card maker plus the bio */
  maker: (NonNullable<ProductCardDTO["maker"]> & { bio: string }) | null
  /** a product in review: the file token its pictures need (owner and staff only) */
  fileToken?: string
}

export const productDetailKey = (slug: string) => [...productKeys.all, "detail", slug] as const

export async function fetchProduct(slug: string): Promise<ProductDetail | null> {
  try {
    const product = await pb.send<ProductDetail>(`/api/vitrine/products/by-slug/${encodeURIComponent(slug)}`, {
      method: "GET",
    })
    return product.status === "approved" ? product : { ...product, fileToken: await fileToken() }
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null
    throw err
  }
}

export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: productDetailKey(slug),
    queryFn: () => {
      const key = JSON.stringify(productDetailKey(slug))
      const boot = takeBootProduct(slug) as ProductDetail | null
      if (boot) return Promise.resolve(keepCopy<ProductDetail | null>(key, boot))
      return cachedRead(key, () => fetchProduct(slug), {
        // a pending or rejected product is its owner's private copy
        owner: (p) => (p && p.status !== "approved" ? p.created_by : ""),
      })
    },
  })

export function useProduct(slug: string) {
  return useQuery({ ...productQueryOptions(slug), select: (r) => r.data })
}

/** Changes the cached product (e.g. a counter the server just returned). */
export function patchProduct(queryClient: QueryClient, slug: string, patch: Partial<ProductDetail>) {
  queryClient.setQueryData<CachedResult<ProductDetail | null>>(productDetailKey(slug), (old) =>
    old?.data ? { ...old, data: { ...old.data, ...patch } } : old,
  )
}
