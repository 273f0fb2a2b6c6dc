// What the products slice renders and sends. A card's shapes (the server's DTO and the mapped
// card) live with their one mapper in src/lib/mapping (the staff queue maps products too).
import type { ProductCardData, ProductCardDTO } from "../../lib/mapping/types"

export type { ProductCardData, ProductCardDTO }

export type ProductSort = "recent" | "top"

/** Everything a listing can be narrowed by; each is a query parameter of the page and the API. */
export interface ProductListParams {
  search?: string
  sort?: ProductSort
  /** category id */
  category?: string
  /** tag id */
  tag?: string
  lovable?: boolean
  epic?: boolean
  /** maker user id */
  maker?: string
  /** the 'Seguindo' feed: only makers the signed-in user follows (private to them) */
  following?: boolean
}

export interface ProductPageDTO {
  items: ProductCardDTO[]
  nextCursor: string | null
  /** how many products match (first page only), at most the server's cap... */
  total?: number
  /** ...and whether there are more than that */
  totalMore?: boolean
}

/** One page of a listing, mapped (stored as is in IndexedDB for the first page). */
export interface ProductPage {
  items: ProductCardData[]
  nextCursor: string | null
  total: number | null
  /** more than `total` match (the server counts up to a cap) */
  totalMore?: boolean
}

export interface FacetItem {
  id: string
  name: string
  count: number
}

/**
 * GET /api/vitrine/facets: categories by name, tags by count (descending). Under filters, counted
 * over the newest 1,000 products they leave: `categoriesMore` / `tagsMore` when more remain (each
 * count is then "at least").
 */
export interface Facets {
  categories: FacetItem[]
  tags: FacetItem[]
  categoriesMore?: boolean
  tagsMore?: boolean
}

export type ProductStatus = "pending" | "approved" | "rejected"

/** A card of a maker's own list: the owner also sees products in review or rejected. */
export interface UserProductCardData extends ProductCardData {
  status: ProductStatus
}

/** The ranking's tabs and a chosen day (GET /api/vitrine/ranking). */
export type RankingPeriod = "today" | "yesterday" | "week" | "month" | "day"

export interface RankingQuery {
  period: RankingPeriod
  /** AAAA-MM-DD: the day (period "day"), or a day inside the week or month */
  date?: string
  /** page size (the /home strip asks for 3) */
  limit?: number
}

/** One page of a ranking as the server sends it; dates are São Paulo days (AAAA-MM-DD). */
export interface RankingPageDTO {
  period: "day" | "week" | "month"
  /** the day, the week's Monday, or the month (AAAA-MM) */
  key: string
  from: string
  to: string
  today: string
  /** the previous and next period's key (next: null when it has not started) */
  prev: string
  next: string | null
  items: Array<{ rank: number; product: ProductCardDTO }>
  nextCursor: string | null
}

export interface RankedProduct {
  rank: number
  product: ProductCardData
}

/** A ranking page, mapped (stored as is in IndexedDB for the first page). */
export interface RankingPage extends Omit<RankingPageDTO, "items"> {
  items: RankedProduct[]
}
