// The shape a product card renders, mapped once from PocketBase records (JSON-serialisable, so
// it can be stored in IndexedDB as is).
export interface ProductCardData {
  id: string
  slug: string
  title: string
  description: string
  coverUrl: string
  builtWithLovable: boolean
  builtWithEpic: boolean
  category: { id: string; name: string } | null
  tags: Array<{ id: string; name: string }>
  maker: { id: string; displayName: string; username: string; avatarUrl: string } | null
  voteCount: number
  viewCount: number
  clickCount: number
  commentCount: number
  publishedAt: string
}

export interface ProductListParams {
  search?: string
  sort?: "recent" | "top"
}

export type ProductStatus = "pending" | "approved" | "rejected"

/** A card of a maker's own list: the owner also sees products in review or rejected. */
export interface UserProductCardData extends ProductCardData {
  status: ProductStatus
}
