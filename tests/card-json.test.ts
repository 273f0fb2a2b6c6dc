// A product card on the listing is read from product_card_json, kept by triggers (migration
// 1795313770_card_json.js), while the product page builds its JSON afresh from the tables. Here
// every change a card shows, made the ways the app makes it (the maker's edit, staff renaming or
// removing a category or a tag, the maker's profile, votes and views), must reach the listing's
// card: after each one the card equals the product page's fields, key by key and in order. The
// page a visitor reads is stored too (product_detail_json, migration 1795313790_detail_json.js):
// after each change it equals the page built afresh, which the maker reads.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"
import { images, listProducts, submitProduct, updateProduct, type Card } from "./helpers/products"

let be: TestBackend
let maker: { pb: PocketBase; id: string }

beforeAll(async () => {
  be = await startBackend()
  maker = await be.user("Criadora Cartão")
})
afterAll(async () => {
  await be?.stop()
})

type Json = Record<string, unknown>

/** The listing's card of product `id` (the only one in category `cat`, or found by `search`). */
async function listed(query: Record<string, string>, id: string): Promise<Json> {
  const items = (await listProducts(be.anon(), query)).items as unknown as Array<Card & Json>
  const card = items.find((c) => c.id === id)
  expect(card, `the product should be listed for ${JSON.stringify(query)}`).toBeDefined()
  return card!
}

/**
 * The product page a visitor reads (stored, product_detail_json) equals the one its maker reads
 * (built afresh from the tables, since the maker may read a rejection reason), keys in order.
 */
async function pageFollows(slug: string): Promise<Json> {
  const page = await be.anon().send<Json>(`/api/vitrine/products/by-slug/${slug}`, {})
  const built = await maker.pb.send<Json>(`/api/vitrine/products/by-slug/${slug}`, {})
  expect(JSON.stringify(page)).toBe(JSON.stringify(built))
  return page
}

/**
 * The listing's card of `id` equals the product page's fields (built afresh), keys in order, and
 * the visitor's product page equals the built one.
 */
async function cardFollows(query: Record<string, string>, id: string, slug: string): Promise<Json> {
  const card = await listed(query, id)
  const page = await pageFollows(slug)
  const subset = Object.fromEntries(Object.keys(card).map((k) => [k, page[k]]))
  const { bio: _bio, ...maker } = (page.maker ?? {}) as Json
  if (page.maker) subset.maker = maker
  expect(JSON.stringify(card)).toBe(JSON.stringify(subset))
  return card
}

describe("a card read from product_card_json", () => {
  it("follows the maker's edit, staff's category and tag changes, the maker's profile and the counters", async () => {
    const cat = await be.admin.collection("categories").create({ name: "Cartões", slug: "cartoes" })
    const other = await be.admin.collection("categories").create({ name: "Outra", slug: "outra" })
    const { id, slug } = await submitProduct(maker.pb, {
      title: "Cartão Guardado",
      category: cat.id,
      tags: ["primeira", "segunda"],
      images: [images.png("a.png")],
    })
    await be.admin.collection("products").update(id, { status: "approved" })
    const byCat = { category: cat.id }
    const first = await cardFollows(byCat, id, slug)
    expect(Object.keys(first)).toEqual([
      "id",
      "collectionId",
      "slug",
      "title",
      "description",
      "images",
      "built_with_lovable",
      "built_with_epic",
      "vote_count",
      "view_count",
      "click_count",
      "comment_count",
      "published_at",
      "category",
      "tags",
      "maker",
    ])
    expect(first).toMatchObject({ title: "Cartão Guardado", category: { id: cat.id, name: "Cartões" } })

    // the maker's edit: text, flags, images, tags
    await updateProduct(maker.pb, id, {
      title: "Cartão Editado",
      description: "Uma descrição nova e longa o bastante para passar da regra de cinquenta.",
      url: "https://exemplo.com.br/cartao-novo",
      category: cat.id,
      built_with_lovable: true,
      tags: ["segunda", "terceira"],
      images: [images.jpeg("b.jpg")],
    })
    const edited = await cardFollows(byCat, id, slug)
    expect(edited).toMatchObject({ title: "Cartão Editado", built_with_lovable: true })
    expect((await pageFollows(slug)).url).toBe("https://exemplo.com.br/cartao-novo")
    expect((edited.images as string[]).length).toBe(2)
    expect((edited.tags as Array<{ name: string }>).map((t) => t.name)).toEqual(["segunda", "terceira"])

    // staff rename the category and a tag
    await be.admin.collection("categories").update(cat.id, { name: "Cartões Renomeados" })
    expect((await cardFollows(byCat, id, slug)).category).toEqual({ id: cat.id, name: "Cartões Renomeados" })
    const terceira = (edited.tags as Array<{ id: string }>)[1]!.id
    await be.admin.collection("tags").update(terceira, { name: "renomeada" })
    const renamed = await cardFollows(byCat, id, slug)
    expect((renamed.tags as Array<{ name: string }>).map((t) => t.name)).toEqual(["segunda", "renomeada"])

    // the maker's profile: name, username, avatar, and the bio the product page shows
    await maker.pb.collection("users").update(maker.id, { bio: "Faço cartões." })
    expect(((await pageFollows(slug)).maker as Json).bio).toBe("Faço cartões.")
    await maker.pb.collection("users").update(maker.id, { display_name: "Nome Novo", username: "nome_novo_cartao" })
    await be.admin.collection("users").update(maker.id, { avatar: new File([pngBlob()], "rosto.png") })
    const profile = await cardFollows(byCat, id, slug)
    expect(profile.maker).toMatchObject({ id: maker.id, display_name: "Nome Novo", username: "nome_novo_cartao" })
    expect((profile.maker as Json).avatar).toMatch(/^rosto.*\.png$/)

    // counters are spliced in at read time (a cached listing may show them up to 2 s late)
    const fan = await be.user("Fã do Cartão")
    await fan.pb.send(`/api/vitrine/products/${id}/vote`, { method: "PUT" })
    await fan.pb.send(`/api/vitrine/products/${id}/view`, { method: "POST" })
    await expect
      .poll(
        async () => {
          const c = await listed(byCat, id)
          return [c.vote_count, c.view_count]
        },
        { timeout: 6_000 },
      )
      .toEqual([1, 1])
    await cardFollows(byCat, id, slug)

    // moved to another category, then that category removed by staff
    await updateProduct(maker.pb, id, { title: "Cartão Editado", category: other.id, tags: ["segunda"] })
    const moved = await cardFollows({ category: other.id }, id, slug)
    expect(moved.category).toEqual({ id: other.id, name: "Outra" })
    await be.admin.collection("categories").delete(other.id)
    const orphan = await cardFollows({ search: "Cartão Editado" }, id, slug)
    expect(orphan.category).toBeNull()
  })
})

describe("a search's card", () => {
  it("shows the counters of the product page: votes, views, clicks and comments", async () => {
    // a search's page reads them from the product's full-text key row (migration
    // 1795313870_fts_keys_counters.js), not from the product row the other listings read
    const { id, slug } = await submitProduct(maker.pb, { title: "Contador Buscável" })
    await be.admin.collection("products").update(id, { status: "approved" })
    const search = { search: "contador buscavel" }
    expect(await listed(search, id)).toMatchObject({ vote_count: 0, view_count: 0, click_count: 0, comment_count: 0 })
    const fan = await be.user("Fã do Contador")
    await fan.pb.send(`/api/vitrine/products/${id}/vote`, { method: "PUT" })
    await fan.pb.send(`/api/vitrine/products/${id}/view`, { method: "POST" })
    await fan.pb.send(`/api/vitrine/products/${id}/click`, { method: "POST" })
    await fan.pb.collection("comments").create({ product: id, user: fan.id, content: "Conta tudo certinho." })
    await expect
      .poll(
        async () => {
          const c = await listed(search, id)
          return [c.vote_count, c.view_count, c.click_count, c.comment_count]
        },
        { timeout: 6_000 },
      )
      .toEqual([1, 1, 1, 1])
    await cardFollows(search, id, slug)
    // a vote taken back, too
    await fan.pb.send(`/api/vitrine/products/${id}/vote`, { method: "DELETE" })
    await expect.poll(async () => (await listed(search, id)).vote_count, { timeout: 6_000 }).toBe(0)
  })
})

describe("a product whose stored card and page are missing", () => {
  it("is still listed and shown, with the card and the page built from the tables", async () => {
    const cat = await be.admin.collection("categories").create({ name: "Sem Cartão", slug: "sem-cartao" })
    const { id, slug } = await submitProduct(maker.pb, { title: "Cartão Perdido", category: cat.id })
    await be.admin.collection("products").update(id, { status: "approved" })
    const byCat = { category: cat.id }
    const stored = await cardFollows(byCat, id, slug)
    // rows lost to a raw SQL write: the reads fall back to building them, and say the same
    await be.admin.sql.run(`DELETE FROM product_card_json WHERE product = '${id}'`)
    await be.admin.sql.run(`DELETE FROM product_detail_json WHERE product = '${id}'`)
    // (another query than before: the cached listing page would not be read again)
    expect(await cardFollows({ ...byCat, sort: "top" }, id, slug)).toEqual(stored)
    expect((await pageFollows(slug)).title).toBe("Cartão Perdido")
  })
})

describe("the stored card and page JSON", () => {
  it("go out as ASCII (accented letters, ordinals and typographic signs escaped) and parse to the same text", async () => {
    const cat = await be.admin.collection("categories").create({ name: "Ração Nº 1", slug: "racao-n1" })
    const title = "1º Ração — Ñandú “ótimo”"
    const description = "Descrição com ª, º, °, Ñ, ñ, ç, ã, é, ü… e • para passar da regra de cinquenta caracteres."
    const { id, slug } = await submitProduct(maker.pb, { title, description, category: cat.id })
    await be.admin.collection("products").update(id, { status: "approved" })
    // the bodies as the wire carries them (decompressed)
    const raw = async (path: string) => {
      const res = await fetch(be.url + path)
      expect(res.status).toBe(200)
      return res.text()
    }
    const expectAscii = (text: string) => {
      expect(text.match(/[\u0080-\uffff]/g) ?? []).toEqual([])
      return JSON.parse(text) as Json
    }
    const listedCard = async (query: string) =>
      (expectAscii(await raw(`/api/vitrine/products?${query}`)).items as Json[])[0]
    const page = async () => expectAscii(await raw(`/api/vitrine/products/by-slug/${slug}`))
    expect(await listedCard(`category=${cat.id}`)).toMatchObject({
      id,
      title,
      description,
      category: { name: "Ração Nº 1" },
    })
    expect(await page()).toMatchObject({ title, description })

    // an edit goes through the update triggers
    const edited = "2º lugar, Ñoño"
    await updateProduct(maker.pb, id, { title: edited, description, category: cat.id })
    expect(await listedCard(`category=${cat.id}&sort=top`)).toMatchObject({ id, title: edited, description })
    expect(await page()).toMatchObject({ title: edited })
  })
})

describe("the triggers that rewrite the stored card and page", () => {
  it("stay out of an update that sets none of the columns they show (a vote's recount, a view)", async () => {
    const tables = async () => {
      const res = await be.admin.sql.run(
        "SELECT name, rootpage FROM sqlite_master WHERE type = 'table' AND name IN ('product_card_json', 'product_detail_json')",
      )
      return new Map(res.rows.map((r) => [String(r[1]), String(r[0])]))
    }
    /** The stored-JSON tables the compiled `sql` (its triggers' programs included) opens. */
    const opened = async (sql: string) => {
      const roots = await tables()
      const plan = await be.admin.sql.run(`EXPLAIN ${sql}`)
      const col = (name: string) => plan.columns.findIndex((c) => c.name === name)
      const [op, p2] = [col("opcode"), col("p2")]
      const hit = plan.rows.filter((r) => /^Open(Read|Write)$/.test(String(r[op])) && roots.has(String(r[p2])))
      return [...new Set(hit.map((r) => roots.get(String(r[p2]))))].sort()
    }
    // what votes, comments, views and clicks run on every request
    for (const counter of ["vote_count", "comment_count", "view_count", "click_count"]) {
      expect(await opened(`UPDATE products SET ${counter} = ${counter} + 1 WHERE id = 'nenhum'`), counter).toEqual([])
    }
    expect(await opened("UPDATE users SET tokenKey = tokenKey WHERE id = 'nenhum'")).toEqual([])
    // a change they show still goes through them (the test above checks what they write)
    expect(await opened("UPDATE products SET title = title WHERE id = 'nenhum'")).toEqual(["product_card_json"])
    expect(await opened("UPDATE products SET url = url WHERE id = 'nenhum'")).toEqual(["product_detail_json"])
    expect(await opened("UPDATE users SET bio = bio WHERE id = 'nenhum'")).toEqual(["product_detail_json"])
    expect(await opened("UPDATE categories SET name = name WHERE id = 'nenhum'")).toEqual([
      "product_card_json",
      "product_detail_json",
    ])
  })
})
