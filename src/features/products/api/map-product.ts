import { fileUrl, type RecordModel } from "@/lib/pocketbase"
import type { ProductCardData } from "../types"

/** Expand needed by mapProductCard. */
export const PRODUCT_CARD_EXPAND = "category,created_by,product_tags_via_product.tag"

export function mapProductCard(r: RecordModel): ProductCardData {
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
    coverUrl: images[0] ? fileUrl(r, images[0], "640x480") : "",
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
          avatarUrl: maker.avatar ? fileUrl(maker, maker.avatar as string, "96x96") : "",
        }
      : null,
    voteCount: (r.vote_count as number) ?? 0,
    viewCount: (r.view_count as number) ?? 0,
    clickCount: (r.click_count as number) ?? 0,
    commentCount: (r.comment_count as number) ?? 0,
    publishedAt: (r.published_at as string) ?? "",
  }
}
