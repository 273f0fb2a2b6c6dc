// The shapes of the mapping layer (person.ts, product-card.ts), as types only: no imports, so the
// integration tests (tests/, no "@/" paths) can name them too.

export interface Person {
  id: string
  displayName: string
  username: string
  /** the 96x96 thumbnail, "" without an avatar */
  avatarUrl: string
}

/** The shape a product card renders (JSON-serialisable, so it can be stored in IndexedDB as is). */
export interface ProductCardData {
  id: string
  slug: string
  title: string
  description: string
  coverUrl: string
  /** the cover in every card size (`srcset`); absent in copies saved before it existed */
  coverSrcset?: string
  builtWithLovable: boolean
  builtWithEpic: boolean
  category: { id: string; name: string } | null
  tags: Array<{ id: string; name: string }>
  maker: Person | null
  voteCount: number
  viewCount: number
  clickCount: number
  commentCount: number
  publishedAt: string
  /** when the server gave these counts (ms since epoch); set by the listing, not stored */
  readAt?: number
}

/** One card as GET /api/vitrine/products returns it (approved products only). */
export interface ProductCardDTO {
  id: string
  collectionId: string
  slug: string
  title: string
  description: string
  /** file names; the first is the cover */
  images: string[]
  built_with_lovable: boolean
  built_with_epic: boolean
  vote_count: number
  view_count: number
  click_count: number
  comment_count: number
  published_at: string
  category: { id: string; name: string } | null
  tags: Array<{ id: string; name: string }>
  maker: { id: string; collectionId: string; username: string; display_name: string; avatar: string } | null
}
