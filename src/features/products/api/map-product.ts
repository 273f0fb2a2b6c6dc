// Maps what the server sends into the card shape, once. The listing routes (/api/vitrine/products)
// send ProductCardDTO; the SDK reads of a maker's own products send expanded records. Both map to
// the same JSON-serialisable ProductCardData (stored as is in IndexedDB).
import { cardCover } from "@/config/images"
import { fileUrl, type RecordModel } from "@/lib/pocketbase"
import type { ProductCardData, ProductCardDTO } from "../types"

export type { ProductCardData }

/** Expand needed by mapProductCard when it maps a record read through the SDK. */
export const PRODUCT_CARD_EXPAND = "category,created_by,product_tags_via_product.tag"

const COVER_THUMB = cardCover.src
const AVATAR_THUMB = "96x96"

/** The cover in each card size, as an <img srcset> (the same list /home's HTML preloads). */
function coverSrcset(record: { collectionId: string; id: string }, file: string, token?: string): string {
  return cardCover.thumbs.map((t) => `${fileUrl(record, file, t.size, token)} ${t.width}w`).join(", ")
}

/** A card from the listing DTO (or, for older callers, from an expanded products record). */
export function mapProductCard(input: ProductCardDTO | RecordModel, token?: string): ProductCardData {
  // a record carries its owner id in created_by; the DTO never does
  if ("created_by" in input) return mapProductRecord(input as RecordModel, token)
  const dto = input as ProductCardDTO
  const cover = dto.images?.[0]
  const maker = dto.maker
  return {
    id: dto.id,
    slug: dto.slug,
    title: dto.title,
    description: dto.description,
    coverUrl: cover ? fileUrl(dto, cover, COVER_THUMB) : "",
    coverSrcset: cover ? coverSrcset(dto, cover) : "",
    builtWithLovable: Boolean(dto.built_with_lovable),
    builtWithEpic: Boolean(dto.built_with_epic),
    category: dto.category ? { id: dto.category.id, name: dto.category.name } : null,
    tags: (dto.tags ?? []).map((t) => ({ id: t.id, name: t.name })),
    maker: maker
      ? {
          id: maker.id,
          displayName: maker.display_name || maker.username || "",
          username: maker.username ?? "",
          avatarUrl: maker.avatar ? fileUrl(maker, maker.avatar, AVATAR_THUMB) : "",
        }
      : null,
    voteCount: dto.vote_count ?? 0,
    viewCount: dto.view_count ?? 0,
    clickCount: dto.click_count ?? 0,
    commentCount: dto.comment_count ?? 0,
    publishedAt: dto.published_at ?? "",
  }
}

/** A card from a products record read with PRODUCT_CARD_EXPAND (token: for one in review). */
export function mapProductRecord(r: RecordModel, token?: string): ProductCardData {
  const category = r.expand?.category as RecordModel | undefined
  const maker = r.expand?.created_by as RecordModel | undefined
  const links = ((r.expand?.product_tags_via_product as RecordModel[] | undefined) ?? [])
    .slice()
    .sort((a, b) => (a.position as number) - (b.position as number))
  const images = (r.images as string[] | undefined) ?? []
  return {
    id: r.id,
    slug: r.slug as string,
    title: r.title as string,
    description: r.description as string,
    coverUrl: images[0] ? fileUrl(r, images[0], COVER_THUMB, r.status === "approved" ? undefined : token) : "",
    coverSrcset: images[0] ? coverSrcset(r, images[0], r.status === "approved" ? undefined : token) : "",
    builtWithLovable: Boolean(r.built_with_lovable),
    builtWithEpic: Boolean(r.built_with_epic),
    category: category ? { id: category.id, name: category.name as string } : null,
    tags: links
      .map((l) => l.expand?.tag as RecordModel | undefined)
      .filter((t): t is RecordModel => !!t)
      .map((t) => ({ id: t.id, name: t.name as string })),
    maker: maker
      ? {
          id: maker.id,
          displayName: maker.display_name as string,
          username: (maker.username as string) ?? "",
          avatarUrl: maker.avatar ? fileUrl(maker, maker.avatar as string, AVATAR_THUMB) : "",
        }
      : null,
    voteCount: (r.vote_count as number) ?? 0,
    viewCount: (r.view_count as number) ?? 0,
    clickCount: (r.click_count as number) ?? 0,
    commentCount: (r.comment_count as number) ?? 0,
    publishedAt: (r.published_at as string) ?? "",
  }
}
