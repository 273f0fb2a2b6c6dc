// One product by slug for the detail and edit pages (GET /api/vitrine/products/by-slug/{slug}):
// approved products for everyone signed in, pending or rejected ones for their owner only. A
// missing or hidden product resolves to null (the page shows 'Produto não encontrado'). Online:
// read and saved to IndexedDB. Offline: the saved copy of a product page opened before. Opened
// from a link, an approved product comes with the page (src/lib/boot.ts): no request. The copy is
// saved as the server sent it and mapped (mapProductDetail) on every read.
import { queryOptions, skipToken, useQuery, type QueryClient } from "@tanstack/react-query"
import { takeBootProduct } from "@/lib/boot"
import { cachedRead, keepCopy, type CachedResult } from "@/lib/cached-read"
import { mapPerson, type Person } from "@/lib/mapping/person"
import { mapProductCard } from "@/lib/mapping/product-card"
import { ClientResponseError, fileToken, pb } from "@/lib/pocketbase"
import type { ProductCardData, ProductCardDTO, ProductStatus } from "../types"
import { productKeys } from "./keys"

/** The detail route's answer: the card DTO plus status, owner, address and the maker's bio. */
interface ProductDetailDTO extends Omit<ProductCardDTO, "maker"> {
  status: ProductStatus
  rejection_reason: string
  created_by: string
  url: string
  maker: (NonNullable<ProductCardDTO["maker"]> & { bio: string }) | null
  /** added here: a product in review, the file token its pictures need (owner and staff only) */
  fileToken?: string
}

/** The product page: the card, in the card's casing, plus what only the page shows. */
export interface ProductDetail extends Omit<ProductCardData, "maker"> {
  /** with `images`: the gallery and the edit form build each picture's sizes */
  collectionId: string
  /** file names; the first is the cover */
  images: string[]
  status: ProductStatus
  rejectionReason: string
  /** the owner's user id */
  createdBy: string
  url: string
  maker: (Person & { bio: string }) | null
  /** a product in review: the file token its pictures need (owner and staff only) */
  fileToken?: string
}

export function mapProductDetail(dto: ProductDetailDTO): ProductDetail {
  const maker = mapPerson(dto.maker)
  return {
    ...mapProductCard(dto, dto.fileToken),
    collectionId: dto.collectionId,
    images: dto.images ?? [],
    status: dto.status,
    rejectionReason: dto.rejection_reason ?? "",
    createdBy: dto.created_by,
    url: dto.url,
    maker: maker && { ...maker, bio: dto.maker?.bio ?? "" },
    fileToken: dto.fileToken,
  }
}

async function fetchProductDTO(slug: string): Promise<ProductDetailDTO | null> {
  try {
    const product = await pb.send<ProductDetailDTO>(`/api/vitrine/products/by-slug/${encodeURIComponent(slug)}`, {
      method: "GET",
    })
    return product.status === "approved" ? product : { ...product, fileToken: await fileToken() }
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null
    throw err
  }
}

/**
 * The product the server sent with the page, as the query's first data: the page renders with it
 * in its very first pass (no skeleton first, no second render before the cover shows).
 */
function bootCopy(slug: string): CachedResult<ProductDetail | null> | undefined {
  const boot = takeBootProduct(slug) as ProductDetailDTO | null
  if (!boot) return undefined
  const copy = keepCopy<ProductDetailDTO | null>(JSON.stringify(productKeys.detail(slug)), boot)
  return { ...copy, data: mapProductDetail(boot) }
}

export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: productKeys.detail(slug),
    queryFn: async (): Promise<CachedResult<ProductDetail | null>> => {
      const copy = await cachedRead(JSON.stringify(productKeys.detail(slug)), () => fetchProductDTO(slug), {
        // a pending or rejected product is its owner's private copy
        owner: (p) => (p && p.status !== "approved" ? p.created_by : ""),
      })
      return { ...copy, data: copy.data && mapProductDetail(copy.data) }
    },
    initialData: () => bootCopy(slug),
  })

export function useProduct(slug: string) {
  return useQuery({ ...productQueryOptions(slug), select: (r) => r.data })
}

/** Counters the server returned for a product as this visit counted in them. */
export type LiveCounters = Partial<Pick<ProductDetail, "viewCount" | "clickCount">>

/**
 * Keeps a counter the server just returned (the view this visit recorded, a 'Visitar Site'
 * click). Apart from the product: a new count re-renders the stats line that shows it, not the
 * whole page (the view's answer arrives while the page is still loading, and re-rendering every
 * part of it for one number held a phone's main thread for ~50 ms).
 */
export function setLiveCounters(queryClient: QueryClient, id: string, patch: LiveCounters) {
  queryClient.setQueryData<LiveCounters>(productKeys.counters(id), (old) => ({ ...old, ...patch }))
}

/** The counters setLiveCounters kept for a product (none yet: {}). */
export function useLiveCounters(id: string): LiveCounters {
  return useQuery({ queryKey: productKeys.counters(id), queryFn: skipToken }).data ?? {}
}
