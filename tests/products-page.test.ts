// A product's own public reads on the real server: the product page (with its maker's bio), related
// products and comments, and the link previews (Open Graph and Twitter tags, escaped) the server
// writes into the app's page. Pending and rejected products are invisible to everyone but their
// owner and staff. The catalogue is tests/helpers/products-read-fixture.ts.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestBackend } from "./helpers/pocketbase"
import { refusal, type Card } from "./helpers/products"
import { cat, ids, INDEX_HTML, prod, product, setupCatalog, stopCatalog } from "./helpers/products-read-fixture"

let be: TestBackend
let ana: { pb: PocketBase; id: string }
let bruno: { pb: PocketBase; id: string }
let moderator: { pb: PocketBase; id: string }
let stranger: { pb: PocketBase; id: string }

beforeAll(async () => {
  ;({ be, ana, bruno, moderator, stranger } = await setupCatalog())
})
afterAll(stopCatalog)

describe("product page", () => {
  const bySlug = async (pb: PocketBase, key: string) => {
    const slug = (await be.admin.collection("products").getOne(prod[key]!)).slug as string
    return pb.send<Record<string, unknown>>(`/api/vitrine/products/by-slug/${slug}`, {})
  }

  it("shows an approved product to anyone, with its maker's bio and its link", async () => {
    const p = await bySlug(be.anon(), "educacao")
    expect(p).toMatchObject({
      id: prod.educacao,
      title: "Educação Fácil",
      status: "approved",
      url: "https://exemplo.com.br",
      created_by: ana.id,
      rejection_reason: "",
      category: { id: cat.edu, name: "Educação" },
      maker: { id: ana.id, username: "ana-souza", display_name: "Ana Souza", bio: "Designer em Recife.", avatar: "" },
    })
    expect(p.images).toHaveLength(2)
    expect(p).not.toHaveProperty("maker.email")
  })

  it("shows a pending or rejected product only to its owner and staff, with the reason", async () => {
    for (const pb of [ana.pb, moderator.pb]) {
      expect(await bySlug(pb, "pendente")).toMatchObject({ status: "pending" })
      expect(await bySlug(pb, "rejeitado")).toMatchObject({
        status: "rejected",
        rejection_reason: "Imagens impróprias",
      })
    }
    for (const pb of [be.anon(), stranger.pb, bruno.pb]) {
      for (const key of ["pendente", "rejeitado"]) {
        const err = await refusal(bySlug(pb, key))
        expect(err.status).toBe(404)
        expect(err.message).toBe("Produto não encontrado.")
      }
    }
    expect((await refusal(be.anon().send("/api/vitrine/products/by-slug/nao-existe", {}))).status).toBe(404)
  })

  it("relates up to 3 approved products of the same category, by votes, without itself", async () => {
    const related = async (pb: PocketBase, key: string) =>
      ids((await pb.send<{ items: Card[] }>(`/api/vitrine/products/${prod[key]}/related`, {})).items)
    expect(await related(be.anon(), "xadrez")).toEqual([prod.clube, prod.quiz])
    // answers are cached by the set they list: each of the category's top products still gets the
    // others, never itself, however often its neighbours were asked for first
    for (let round = 0; round < 2; round++) {
      expect(await related(be.anon(), "clube")).toEqual([prod.quiz, prod.xadrez])
      expect(await related(be.anon(), "quiz")).toEqual([prod.clube, prod.xadrez])
      expect(await related(be.anon(), "xadrez")).toEqual([prod.clube, prod.quiz])
    }
    expect(await related(be.anon(), "educacao")).toEqual([]) // the pending and rejected ones stay out
    expect(await related(be.anon(), "receitas")).toEqual([]) // no category
    expect(await related(ana.pb, "pendente")).toEqual([prod.educacao])
    expect((await refusal(related(stranger.pb, "pendente"))).status).toBe(404)
    expect((await refusal(related(be.anon(), "rejeitado"))).status).toBe(404)
  })

  it("lists a product's comments oldest first, with their authors, without removed ones, to whoever sees it", async () => {
    type Item = {
      id: string
      parent: string
      content: string
      user: string
      expand?: { user?: { display_name: string } }
    }
    const list = async (pb: PocketBase, key: string) =>
      (await pb.send<{ items: Item[] }>(`/api/vitrine/products/${prod[key]}/comments`, {})).items
    expect(await list(be.anon(), "cofrinho")).toEqual([])
    const first = await bruno.pb
      .collection("comments")
      .create({ product: prod.cofrinho, user: bruno.id, content: "Primeiro comentário do cofrinho!" })
    const reply = await ana.pb
      .collection("comments")
      .create({ product: prod.cofrinho, user: ana.id, parent: first.id, content: "Resposta da dona do produto." })
    const gone = await bruno.pb
      .collection("comments")
      .create({ product: prod.cofrinho, user: bruno.id, content: "Este comentário vai ser apagado." })
    await be.admin.collection("comments").update(gone.id, { is_deleted: true })
    const items = await list(be.anon(), "cofrinho")
    const name = async (id: string) => (await be.admin.collection("users").getOne(id)).display_name as string
    expect(items.map((c) => [c.id, c.parent, c.content, c.user, c.expand?.user?.display_name])).toEqual([
      [first.id, "", "Primeiro comentário do cofrinho!", bruno.id, await name(bruno.id)],
      [reply.id, first.id, "Resposta da dona do produto.", ana.id, await name(ana.id)],
    ])
    // the same comments as the collection API gives the same visitor
    const viaApi = await be
      .anon()
      .collection("comments")
      .getFullList({ filter: `product = "${prod.cofrinho}"` })
    expect(items.map((c) => c.id)).toEqual(viaApi.map((c) => c.id))
    // a product in review: its owner and staff only
    await be.admin
      .collection("comments")
      .create({ product: prod.pendente, user: ana.id, content: "Nota da dona na revisão." })
    expect((await list(ana.pb, "pendente")).map((c) => c.content)).toEqual(["Nota da dona na revisão."])
    expect((await list(moderator.pb, "pendente")).length).toBe(1)
    expect((await refusal(list(stranger.pb, "pendente"))).status).toBe(404)
    expect((await refusal(list(be.anon(), "pendente"))).status).toBe(404)
  })
})

describe("link previews", () => {
  const page = async (p: string) => {
    const res = await fetch(be.url + p)
    return { status: res.status, html: await res.text() }
  }

  it("puts Open Graph and Twitter tags, escaped, into the app's page of an approved product", async () => {
    const id = (
      await product({
        title: `Café "Bom" & <Barato>`,
        description: "Aplicativo para achar café <b>bom</b> & barato perto de você, com avaliações da vizinhança.",
      })
    ).id
    const rec = await be.admin.collection("products").getOne(id)
    const { status, html } = await page(`/products/${rec.slug}`)
    expect(status).toBe(200)
    const title = "Café &quot;Bom&quot; &amp; &lt;Barato&gt;"
    expect(html).toContain(`<meta property="og:title" content="${title}" />`)
    expect(html).toContain(
      '<meta property="og:description" content="Aplicativo para achar café &lt;b&gt;bom&lt;/b&gt; &amp; barato',
    )
    expect(html).toContain(`<meta property="og:url" content="https://vitrine.test/products/${rec.slug}" />`)
    expect(html).toContain(
      `<meta property="og:image" content="https://vitrine.test/api/files/${rec.collectionId}/${id}/${rec.images[0]}?thumb=1280x0" />`,
    )
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).toContain(`<title>${title} — Vitrine</title>`)
    expect(html).not.toContain("<Barato>")
    expect(html.indexOf("og:title")).toBeLessThan(html.indexOf("</head>"))
    expect(html).toContain('<div id="root"></div>')
  })

  it.each([
    ["Preço $& certo", "Preço $&amp; certo"],
    ["Antes $` depois", "Antes $` depois"],
    ["Aspas $' no fim", "Aspas $&#39; no fim"],
    ['Custa R$" 10 reais', "Custa R$&quot; 10 reais"],
  ])("keeps a title with replacement patterns as typed: %s", async (raw, escaped) => {
    const id = (
      await product({
        title: raw,
        description: `Uma descrição comum ${raw} com texto suficiente para passar da regra de cinquenta.`,
      })
    ).id
    const rec = await be.admin.collection("products").getOne(id)
    const { html } = await page(`/products/${rec.slug}`)
    expect(html).toContain(`<title>${escaped} — Vitrine</title>`)
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`)
    expect(html).toContain(`<meta name="description" content="Uma descrição comum ${escaped}`)
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  it("answers the plain app for products in review, rejected or missing, and leaves other routes alone", async () => {
    for (const key of ["pendente", "rejeitado"]) {
      const slug = (await be.admin.collection("products").getOne(prod[key]!)).slug as string
      const { status, html } = await page(`/products/${slug}`)
      expect(status).toBe(200)
      expect(html).toBe(INDEX_HTML)
    }
    expect(await page("/products/nao-existe")).toEqual({ status: 200, html: INDEX_HTML })
    const slug = (await be.admin.collection("products").getOne(prod.educacao!)).slug as string
    expect(await page(`/products/${slug}/edit`)).toEqual({ status: 200, html: INDEX_HTML })
    // /home is the app with its first data (tests/http-delivery-reads.test.ts), nothing else
    const home = await page("/home")
    expect(home.status).toBe(200)
    expect(home.html.replace(/<script type="application\/json" id="vitrine-boot">.*<\/script>\s*/s, "")).toBe(
      INDEX_HTML,
    )
  })
})
