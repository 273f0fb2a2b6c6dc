// A product card, mapped once from what the server sends. The listing routes
// (/api/vitrine/products, ranking, related, detail) send ProductCardDTO; the SDK reads of products
// records (a maker's own list, the moderation queue) are first put into that same shape
// (recordAsCardDTO), so there is one mapper. The result is JSON-serialisable and stored as is in
// IndexedDB. No I/O.
import { cardCover } from "../../config/images"
import { fileUrl, type RecordModel } from "../pocketbase"
import { mapPerson } from "./person"
import type { ProductCardData, ProductCardDTO } from "./types"

export type { ProductCardData, ProductCardDTO }

/** Expand a products record read through the SDK needs for recordAsCardDTO. */
export const PRODUCT_CARD_EXPAND = "category,created_by,product_tags_via_product.tag"

/** The cover in each card size, as an <img srcset> (the same list /home's HTML preloads). */
function coverSrcset(record: { collectionId: string; id: string }, file: string, token?: string): string {
  return cardCover.thumbs.map((t) => `${fileUrl(record, file, t.size, token)} ${t.width}w`).join(", ")
}

/** A card from the listing's DTO. `token`: a file token, for the pictures of a product in review. */
export function mapProductCard(dto: ProductCardDTO, token?: string): ProductCardData {
  const cover = dto.images?.[0]
  return {
    id: dto.id,
    slug: dto.slug,
    title: dto.title,
    description: dto.description,
    coverUrl: cover ? fileUrl(dto, cover, cardCover.src, token) : "",
    coverSrcset: cover ? coverSrcset(dto, cover, token) : "",
    builtWithLovable: Boolean(dto.built_with_lovable),
    builtWithEpic: Boolean(dto.built_with_epic),
    category: dto.category ? { id: dto.category.id, name: dto.category.name } : null,
    tags: (dto.tags ?? []).map((t) => ({ id: t.id, name: t.name })),
    maker: mapPerson(dto.maker),
    voteCount: dto.vote_count ?? 0,
    viewCount: dto.view_count ?? 0,
    clickCount: dto.click_count ?? 0,
    commentCount: dto.comment_count ?? 0,
    publishedAt: dto.published_at ?? "",
  }
}

/** A products record read with PRODUCT_CARD_EXPAND, in the listing's shape (tags in their order). */
export function recordAsCardDTO(r: RecordModel): ProductCardDTO {
  const category = r.expand?.category as RecordModel | undefined
  const maker = r.expand?.created_by as RecordModel | undefined
  const links = ((r.expand?.product_tags_via_product as RecordModel[] | undefined) ?? [])
    .slice()
    .sort((a, b) => (a.position as number) - (b.position as number))
  return {
    id: r.id,
    collectionId: r.collectionId,
    slug: r.slug as string,
    title: r.title as string,
    description: r.description as string,
    images: (r.images as string[] | undefined) ?? [],
    built_with_lovable: Boolean(r.built_with_lovable),
    built_with_epic: Boolean(r.built_with_epic),
    vote_count: (r.vote_count as number) ?? 0,
    view_count: (r.view_count as number) ?? 0,
    click_count: (r.click_count as number) ?? 0,
    comment_count: (r.comment_count as number) ?? 0,
    published_at: (r.published_at as string) ?? "",
    category: category ? { id: category.id, name: category.name as string } : null,
    tags: links
      .map((l) => l.expand?.tag as RecordModel | undefined)
      .filter((t): t is RecordModel => !!t)
      .map((t) => ({ id: t.id, name: t.name as string })),
    maker: maker
      ? {
          id: maker.id,
          collectionId: maker.collectionId,
          username: (maker.username as string) ?? "",
          display_name: (maker.display_name as string) ?? "",
          avatar: (maker.avatar as string) ?? "",
        }
      : null,
  }
}
