// The catalogue the sorted-search tests build (search-sorted.test.ts, search-walk.test.ts):
// products with a word in their title, a publication minute and a vote count, written straight
// by the superuser, and the orders a sort of every match gives, to compare the pages with.
import { pngBlob, type TestBackend } from "./pocketbase"

/** A listed product as the tests know it. */
export type Made = { id: string; published: string; votes: number; word: string; inCategory: boolean }

/** `minute` minutes into 2026, as PocketBase writes dates. */
export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString().replace("T", " ")

/** Descending on each of `keys` in turn. */
const descending =
  (...keys: Array<(m: Made) => string | number>) =>
  (a: Made, b: Made) => {
    for (const key of keys) if (key(a) !== key(b)) return key(a) < key(b) ? 1 : -1
    return 0
  }
/** The ids of `list` sorted descending on each of `keys` in turn. */
const idsBy =
  (...keys: Array<(m: Made) => string | number>) =>
  (list: Made[]) =>
    [...list].sort(descending(...keys)).map((m) => m.id)
/** What a sort of every match gives: newest publication first, then the larger id. */
export const byDate = idsBy(
  (m) => m.published,
  (m) => m.id,
)
/** Most votes first, then as by date. */
export const byVotes = idsBy(
  (m) => m.votes,
  (m) => m.published,
  (m) => m.id,
)

/**
 * Products of `maker` on `be`: `product(word, minute, votes)` writes one with `word` in its title,
 * published at `minute` (approved, unless opts.status says otherwise), submitted (keyed) now, with
 * the id and the category given when there are; `made` lists the approved ones.
 */
export function catalogue(be: () => TestBackend, maker: () => string) {
  const made: Made[] = []
  async function product(
    word: string,
    minute: number,
    votes: number,
    opts: { id?: string; status?: string; category?: string } = {},
  ) {
    const status = opts.status ?? "approved"
    const rec = await be()
      .admin.collection("products")
      .create({
        ...(opts.id ? { id: opts.id } : {}),
        title: `${word} ${made.length}`,
        description: `Um produto sobre ${word}, com descrição longa o bastante para a vitrine.`,
        url: "https://exemplo.com.br",
        status,
        created_by: maker(),
        published_at: status === "approved" ? at(minute) : "",
        vote_count: votes,
        ...(opts.category ? { category: opts.category } : {}),
        images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
      })
    if (status === "approved")
      made.push({ id: rec.id, published: at(minute), votes, word, inCategory: !!opts.category })
    return rec
  }
  return { made, product }
}
