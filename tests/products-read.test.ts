// The public product reads on the real server, as visitors and crawlers meet them: the listing
// (sorts, filters, cursor pages that never repeat or skip when a product is approved between
// pages), full-text search (accents, word forms, "phrases", -exclusions, OR, and input that tries
// to break or inject), facets, the product page, related products and link previews. Pending and
// rejected products are invisible to everyone but their owner and staff.
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
import { allPages, images, listProducts, refusal, submitProduct, updateProduct, type Card } from "./helpers/products"

const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Vitrine: produtos da comunidade." />
    <title>Vitrine</title>
  </head>
  <body><div id="root"></div></body>
</html>
`

let be: TestBackend
let publicDir: string
let ana: { pb: PocketBase; id: string }
let bruno: { pb: PocketBase; id: string }
let moderator: { pb: PocketBase; id: string }
let stranger: { pb: PocketBase; id: string }
const cat: Record<string, string> = {}
const tag: Record<string, string> = {}
const prod: Record<string, string> = {}

let minute = 0
/** Publication moments one minute apart, in creation order. */
const nextMoment = () => new Date(Date.UTC(2025, 0, 1, 10, minute++)).toISOString().replace("T", " ")

async function ensureTag(name: string) {
  tag[name] ??= (await be.admin.collection("tags").create({ name })).id
  return tag[name]
}

interface Fixture {
  title: string
  description: string
  owner?: string
  category?: string
  tags?: string[]
  status?: "approved" | "pending" | "rejected"
  votes?: number
  lovable?: boolean
  epic?: boolean
  reason?: string
}

/** A product as moderation leaves it (created by the superuser: status and counters included). */
async function product(f: Fixture) {
  const status = f.status ?? "approved"
  const rec = await be.admin.collection("products").create({
    title: f.title,
    description: f.description,
    url: "https://exemplo.com.br",
    category: f.category ? cat[f.category] : "",
    created_by: f.owner ?? ana.id,
    status,
    rejection_reason: f.reason ?? "",
    published_at: status === "approved" ? nextMoment() : "",
    vote_count: f.votes ?? 0,
    built_with_lovable: f.lovable ?? false,
    built_with_epic: f.epic ?? false,
    images: [images.png("capa.png"), images.png("segunda.png", 2)].slice(0, f.category === "lote" ? 1 : 2),
  })
  let position = 0
  for (const name of f.tags ?? []) {
    await be.admin
      .collection("product_tags")
      .create({ product: rec.id, tag: await ensureTag(name), position: position++ })
  }
  return rec
}

beforeAll(async () => {
  publicDir = await mkdtemp(path.join(tmpdir(), "vitrine-public-"))
  await writeFile(path.join(publicDir, "index.html"), INDEX_HTML)
  be = await startBackend({ APP_URL: "https://vitrine.test" }, { publicDir })
  ana = await be.user("Ana Souza")
  bruno = await be.user("Bruno Lima")
  moderator = await be.user("Moderadora", ["moderator"])
  stranger = await be.user("Estranho")
  await be.admin.collection("users").update(ana.id, { bio: "Designer em Recife." })
  for (const [key, name] of Object.entries({ edu: "Educação", fin: "Finanças", jogos: "Jogos", design: "Design" })) {
    cat[key] = (await be.admin.collection("categories").create({ name, slug: key })).id
  }
  const fixtures: Record<string, Fixture> = {
    educacao: {
      title: "Educação Fácil",
      description: "Aplicativo de estudos com flashcards e revisão espaçada para o Enem e concursos.",
      category: "edu",
      tags: ["educação", "estudos"],
      votes: 10,
      lovable: true,
    },
    orcamento: {
      title: "Orçamento a Dois",
      description: "Aplicativo para casais com controle financeiro das contas da casa, sem brigas no fim do mês.",
      category: "fin",
      tags: ["finanças", "aplicativo"],
      votes: 30,
      epic: true,
      owner: "bruno",
    },
    cofrinho: {
      title: "Cofrinho Digital",
      description: "Ferramenta financeira para crianças: o controle das metas de poupança fica simples e visual.",
      category: "fin",
      tags: ["finanças"],
      votes: 5,
      lovable: true,
      epic: true,
    },
    xadrez: {
      title: "Xadrez Online",
      description: "Partidas de xadrez com ranking para escolas e clubes, com torneios semanais e análise.",
      category: "jogos",
      tags: ["jogos"],
      votes: 20,
    },
    quiz: {
      title: "Quiz de Culinária",
      description: "Jogo de perguntas sobre receitas brasileiras, ingredientes regionais e história da cozinha.",
      category: "jogos",
      tags: ["jogos", "receitas"],
      votes: 20,
    },
    receitas: {
      title: "Receitas Rápidas",
      description: "Um aplicativo com receitas prontas em 15 minutos, lista de compras e modo sem internet.",
      tags: ["receitas"],
    },
    clube: {
      title: "Clube do Tabuleiro",
      description: "Encontros de jogos de tabuleiro na cidade; às vezes rola uma partida de xadrez no fim.",
      category: "jogos",
      tags: ["comunidade"],
      votes: 50,
    },
    pendente: {
      title: "Segredo Educacional Pendente",
      description: "Um produto de educação ainda em análise pela moderação, que ninguém mais pode ver.",
      category: "edu",
      tags: ["tag-secreta", "educação"],
      status: "pending",
      votes: 99,
    },
    rejeitado: {
      title: "Educação Rejeitada",
      description: "Um produto de educação que a moderação rejeitou e que só a dona e a equipe veem.",
      category: "edu",
      tags: ["educação"],
      status: "rejected",
      reason: "Imagens impróprias",
    },
  }
  for (const [key, f] of Object.entries(fixtures)) {
    const owner = f.owner === "bruno" ? bruno.id : ana.id
    prod[key] = (await product({ ...f, owner })).id
  }
})
afterAll(async () => {
  await be?.stop()
  if (publicDir) await rm(publicDir, { recursive: true, force: true })
})

const ids = (cards: Card[]) => cards.map((c) => c.id)
const search = async (q: string, extra: Record<string, string> = {}) =>
  ids((await listProducts(be.anon(), { search: q, ...extra })).items)
const PUBLIC_KEYS = ["educacao", "orcamento", "cofrinho", "xadrez", "quiz", "receitas", "clube"]

describe("listing", () => {
  it("shows approved products only, newest first, as complete cards", async () => {
    const page = await listProducts(be.anon())
    expect(ids(page.items)).toEqual(
      PUBLIC_KEYS.slice()
        .reverse()
        .map((k) => prod[k]),
    )
    expect(page.nextCursor).toBeNull()

    const card = page.items.find((c) => c.id === prod.educacao)!
    const record = await be.admin.collection("products").getOne(prod.educacao!)
    expect(card).toEqual({
      id: prod.educacao,
      collectionId: record.collectionId,
      slug: record.slug,
      title: "Educação Fácil",
      description: record.description,
      images: record.images,
      built_with_lovable: true,
      built_with_epic: false,
      vote_count: 10,
      view_count: 0,
      click_count: 0,
      comment_count: 0,
      published_at: record.published_at,
      category: { id: cat.edu, name: "Educação" },
      tags: [
        { id: tag["educação"], name: "educação" },
        { id: tag.estudos, name: "estudos" },
      ],
      maker: {
        id: ana.id,
        collectionId: "_pb_users_auth_",
        username: "ana-souza",
        display_name: "Ana Souza",
        avatar: "",
      },
    })
    expect(card.images[0]).toMatch(/^capa/) // the cover first
  })

  it("sorts by votes with sort=top, newest first among equals", async () => {
    const top = ids((await listProducts(be.anon(), { sort: "top" })).items)
    expect(top).toEqual(
      ["clube", "orcamento", "quiz", "xadrez", "educacao", "cofrinho", "receitas"].map((k) => prod[k]),
    )
  })

  it("filters by category, tag, built with Lovable / EPIC and maker, also combined", async () => {
    const list = async (q: Record<string, string>) => ids((await listProducts(be.anon(), q)).items)
    expect(await list({ category: cat.fin! })).toEqual([prod.cofrinho, prod.orcamento])
    expect(await list({ category: cat.design! })).toEqual([])
    expect(await list({ tag: tag.receitas! })).toEqual([prod.receitas, prod.quiz])
    expect(await list({ tag: tag["tag-secreta"]! })).toEqual([])
    expect(await list({ lovable: "true" })).toEqual([prod.cofrinho, prod.educacao])
    expect(await list({ epic: "true" })).toEqual([prod.cofrinho, prod.orcamento])
    expect(await list({ lovable: "true", epic: "true" })).toEqual([prod.cofrinho])
    expect(await list({ maker: bruno.id })).toEqual([prod.orcamento])
    expect(await list({ category: cat.jogos!, sort: "top" })).toEqual([prod.clube, prod.quiz, prod.xadrez])
    expect(await list({ category: cat.jogos!, search: "xadrez" })).toEqual([prod.xadrez, prod.clube])
  })

  it("refuses a cursor it did not issue, or one issued for another sort", async () => {
    const m = rules.messages.cursorInvalid
    for (const cursor of ["abc", "eyJtIjoicmVjZW50In0", "!!!", "e30"]) {
      const err = await refusal(listProducts(be.anon(), { cursor }))
      expect(err.status).toBe(400)
      expect(err.message).toContain(m)
    }
    const first = await listProducts(be.anon(), { limit: 2 })
    const err = await refusal(listProducts(be.anon(), { limit: 2, sort: "top", cursor: first.nextCursor! }))
    expect(err.status).toBe(400)
  })
})

describe("pages", () => {
  const BATCH = 45
  let waiting: string[] = []

  beforeAll(async () => {
    cat.lote = (await be.admin.collection("categories").create({ name: "Lote", slug: "lote" })).id
    for (let i = 0; i < BATCH; i++) {
      // ties on purpose: several products share a vote count
      await product({
        title: `Produto do lote ${i}`,
        description: `Produto número ${i} do lote de paginação, com descrição longa o bastante.`,
        category: "lote",
        votes: i % 4,
      })
    }
    for (let i = 0; i < 3; i++) {
      const rec = await product({
        title: `Lote tardio ${i}`,
        description: "Um produto do lote de paginação que será aprovado no meio da leitura das páginas.",
        category: "lote",
        status: "pending",
        votes: 3,
      })
      waiting.push(rec.id)
    }
  })

  /** Approves the next waiting product, as moderation does, right after the first page. */
  const approveAfterFirstPage = async (pageIndex: number) => {
    if (pageIndex !== 0) return
    const id = waiting[0]!
    waiting = waiting.slice(1)
    await be.admin.collection("products").update(id, { status: "approved", published_at: "" })
  }

  it.each([
    ["recent", { sort: "recent" }],
    ["top", { sort: "top" }],
    ["search relevance", { search: "lote paginação" }],
  ])("walks every product exactly once (%s) although one is approved between pages", async (_what, params) => {
    const query = { category: cat.lote!, ...params }
    const expected = ids((await listProducts(be.anon(), { ...query, limit: 48 })).items)
    expect(expected.length).toBeGreaterThanOrEqual(BATCH)
    const pages = await allPages(be.anon(), { ...query, limit: 7 }, approveAfterFirstPage)
    const walked = pages.flat().map((c) => c.id)
    expect(new Set(walked).size).toBe(walked.length) // no repeats
    expect(walked).toEqual(expected) // no gaps, same order
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true)
    // the product approved meanwhile is listed from now on
    const after = ids((await listProducts(be.anon(), { ...query, limit: 48 })).items)
    expect(after).toHaveLength(expected.length + 1)
  })

  it("returns 24 cards by default and at most 48", async () => {
    const all = await listProducts(be.anon(), { limit: 1000 })
    expect(all.items).toHaveLength(48)
    expect(all.nextCursor).not.toBeNull()
    expect((await listProducts(be.anon())).items).toHaveLength(24)
    expect((await listProducts(be.anon(), { limit: 0 })).items).toHaveLength(1)
    expect((await listProducts(be.anon(), { limit: "muitos" })).items).toHaveLength(24)
  })
})

describe("search", () => {
  it("ignores accents and case: 'educacao' finds 'Educação Fácil'", async () => {
    expect(await search("educacao")).toEqual([prod.educacao])
    expect(await search("EDUCAÇÃO")).toEqual([prod.educacao])
    expect(await search("orcamento")).toEqual([prod.orcamento])
  })

  it("tolerates Portuguese word forms: plurals and endings", async () => {
    expect((await search("aplicativos")).sort()).toEqual([prod.educacao, prod.orcamento, prod.receitas].sort())
    expect((await search("receita")).sort()).toEqual([prod.quiz, prod.receitas].sort())
    expect(await search("financeiros")).toEqual(expect.arrayContaining([prod.orcamento, prod.cofrinho]))
    expect(await search("partida")).toEqual(expect.arrayContaining([prod.xadrez, prod.clube]))
  })

  it("searches tag names and category names too", async () => {
    expect(await search("estudos")).toEqual([prod.educacao])
    expect((await search("finanças")).sort()).toEqual([prod.orcamento, prod.cofrinho].sort())
    expect((await search("jogos")).sort()).toEqual([prod.xadrez, prod.quiz, prod.clube].sort())
  })

  it('matches an "exact phrase" only in that order', async () => {
    expect(await search('"controle financeiro"')).toEqual([prod.orcamento])
    expect(await search('"financeiro controle"')).toEqual([])
  })

  it('excludes words with -word and -"phrase"', async () => {
    expect((await search("finanças -crianças")).sort()).toEqual([prod.orcamento])
    expect(await search('jogos -"partidas de xadrez" -tabuleiro')).toEqual([prod.quiz])
    // only exclusions: everything else
    expect(await search("-jogos -finanças -receitas -lote")).toEqual([prod.educacao])
  })

  it("accepts either word with OR", async () => {
    expect((await search("xadrez OR culinária")).sort()).toEqual([prod.xadrez, prod.quiz, prod.clube].sort())
    expect((await search("tabuleiro OR culinária jogos")).sort()).toEqual([prod.quiz, prod.clube].sort())
  })

  it("ranks a title match above a passing mention, then by votes; sort=top overrides relevance", async () => {
    expect(await search("xadrez")).toEqual([prod.xadrez, prod.clube])
    expect(await search("xadrez", { sort: "top" })).toEqual([prod.clube, prod.xadrez])
  })

  it("never finds products in review or rejected", async () => {
    expect(await search("segredo")).toEqual([])
    expect(await search("rejeitada")).toEqual([])
    expect(await search("tag-secreta")).toEqual([])
  })

  it.each([
    '"',
    '""',
    "*",
    "-",
    "NEAR(",
    "NEAR(a b)",
    "title:xadrez",
    "{title}: xadrez",
    ")",
    "(((",
    "^xadrez",
    "a AND OR NOT",
    "' OR 1=1 --",
    "'; DROP TABLE products; --",
    '"); DELETE FROM products; --',
    "xadrez\u0000",
    "ção".repeat(200),
  ])("answers %j without an error, as plain text", async (q) => {
    const page = await listProducts(be.anon(), { search: q })
    expect(Array.isArray(page.items)).toBe(true)
    expect(ids(page.items)).not.toContain(prod.pendente)
    expect(ids(page.items)).not.toContain(prod.rejeitado)
  })

  it("treats FTS syntax in words as text: title:xadrez searches the words 'title xadrez'", async () => {
    expect(await search("title:xadrez")).toEqual([])
    expect(await search("NEAR(xadrez")).toEqual([])
    expect(await search("xadrez*")).toEqual([prod.xadrez, prod.clube])
    // the data is still there
    expect((await be.admin.collection("products").getList(1, 1)).totalItems).toBeGreaterThan(0)
  })

  it("finds a word in any of its forms, whichever form the product uses", async () => {
    const id = (
      await product({
        title: "Guia dos Animais",
        description: "Passeios fáceis por jardins, com lençóis e água para cães de todas as idades, no parque.",
      })
    ).id
    try {
      for (const q of ["animal", "animais", "ANIMAL", "jardim", "lençol", "cão", "guias"]) {
        expect(await search(q), q).toEqual([id])
      }
      // 'Educação Fácil' is found too
      expect((await search("facil")).sort()).toEqual([id, prod.educacao].sort())
      expect(await search('"passeio facil"')).toEqual([id])
      // a word typed halfway is not the word
      expect(await search("jard")).toEqual([])
    } finally {
      await be.admin.collection("products").delete(id)
    }
    expect(await search("animais")).toEqual([])
  })

  it("follows a renamed tag or category at once, in every form of the new name", async () => {
    const category = (await be.admin.collection("categories").create({ name: "Brinquedos", slug: "brinquedos" })).id
    const kite = (await be.admin.collection("tags").create({ name: "pipas" })).id
    const id = (
      await be.admin.collection("products").create({
        title: "Caixa Surpresa",
        description: "Uma caixa com surpresas para crianças pequenas, montada toda semana com carinho.",
        url: "https://exemplo.com.br",
        category,
        created_by: ana.id,
        status: "approved",
        published_at: nextMoment(),
        images: [images.png("capa.png")],
      })
    ).id
    await be.admin.collection("product_tags").create({ product: id, tag: kite, position: 0 })
    try {
      expect(await search("pipa")).toEqual([id])
      expect(await search("brinquedo")).toEqual([id])
      await be.admin.collection("tags").update(kite, { name: "balões" })
      await be.admin.collection("categories").update(category, { name: "Fantasias" })
      expect(await search("balão")).toEqual([id])
      expect(await search("fantasia")).toEqual([id])
      expect(await search("pipas")).toEqual([])
      expect(await search("brinquedos")).toEqual([])
    } finally {
      await be.admin.collection("products").delete(id)
      // the tag went with its last product (unused tags are removed); the category stays
      await expect(be.admin.collection("tags").getOne(kite)).rejects.toMatchObject({ status: 404 })
      await be.admin.collection("categories").delete(category)
    }
  })
})

describe("facets", () => {
  it("counts approved products per category (by name) and per tag (most used first)", async () => {
    const f = await be.anon().send<{
      categories: Array<{ id: string; name: string; count: number }>
      tags: Array<{ id: string; name: string; count: number }>
    }>("/api/vitrine/facets", {})
    expect(f.categories.filter((c) => c.name !== "Lote")).toEqual([
      { id: cat.design, name: "Design", count: 0 },
      { id: cat.edu, name: "Educação", count: 1 },
      { id: cat.fin, name: "Finanças", count: 2 },
      { id: cat.jogos, name: "Jogos", count: 3 },
    ])
    expect(f.tags).toEqual([
      { id: tag["finanças"], name: "finanças", count: 2 },
      { id: tag.jogos, name: "jogos", count: 2 },
      { id: tag.receitas, name: "receitas", count: 2 },
      { id: tag.aplicativo, name: "aplicativo", count: 1 },
      { id: tag.comunidade, name: "comunidade", count: 1 },
      { id: tag["educação"], name: "educação", count: 1 },
      { id: tag.estudos, name: "estudos", count: 1 },
    ])
  })
})

describe("how many", () => {
  type Facet = { id: string; name: string; count: number }
  const facetsFor = (q: Record<string, string>) =>
    be.anon().send<{ categories: Facet[]; tags: Facet[] }>("/api/vitrine/facets", { query: q })
  const countAll = async (q: Record<string, string>) => (await allPages(be.anon(), q)).flat().length

  it("the first page says how many products the listing holds; later pages do not", async () => {
    const views: Array<Record<string, string>> = [
      {},
      { category: cat.fin! },
      { search: "xadrez" },
      { tag: tag.receitas!, sort: "top" },
    ]
    for (const q of views) {
      const first = (await listProducts(be.anon(), { ...q, limit: 2 })) as Awaited<ReturnType<typeof listProducts>> & {
        total?: number
        totalMore?: boolean
      }
      expect({ q, total: first.total, more: first.totalMore }).toEqual({ q, total: await countAll(q), more: false })
      if (first.nextCursor) {
        const second = await listProducts(be.anon(), { ...q, limit: 2, cursor: first.nextCursor })
        expect(second).not.toHaveProperty("total")
      }
    }
    const none = (await listProducts(be.anon(), { search: "palavraquenaoexiste" })) as { total?: number }
    expect(none.total).toBe(0)
  })

  it("each filter's count is what choosing it would list under the other active filters", async () => {
    const filters: Array<Record<string, string>> = [
      { category: cat.jogos! },
      { lovable: "true" },
      { search: "jogo" },
      { tag: tag.receitas! },
    ]
    for (const active of filters) {
      const f = await facetsFor(active)
      for (const c of f.categories) {
        expect({ active, category: c.name, count: c.count }).toEqual({
          active,
          category: c.name,
          count: await countAll({ ...active, category: c.id }),
        })
      }
      for (const t of f.tags) {
        expect({ active, tag: t.name, count: t.count }).toEqual({
          active,
          tag: t.name,
          count: await countAll({ ...active, tag: t.id }),
        })
      }
    }
    // a chosen tag stays listed, to be unchosen, even when nothing else matches
    const lonely = await facetsFor({ tag: tag["tag-secreta"]!, lovable: "true" })
    expect(lonely.tags.find((t) => t.id === tag["tag-secreta"])?.count).toBe(0)
  })
})

describe("facet counts", () => {
  interface Facets {
    categories: Array<{ id: string; name: string; count: number }>
    tags: Array<{ id: string; name: string; count: number }>
  }
  const facets = () => be.anon().send<Facets>("/api/vitrine/facets", {})
  /** The counts recomputed from the records, as {id: count}. */
  async function recount() {
    const approved = await be.admin.collection("products").getFullList({ filter: "status = 'approved'" })
    const approvedIds = new Set(approved.map((p) => p.id))
    const categories: Record<string, number> = {}
    for (const c of await be.admin.collection("categories").getFullList()) categories[c.id] = 0
    for (const p of approved) if (p.category) categories[p.category] = (categories[p.category] ?? 0) + 1
    const tags: Record<string, number> = {}
    for (const pt of await be.admin.collection("product_tags").getFullList()) {
      if (approvedIds.has(pt.product)) tags[pt.tag] = (tags[pt.tag] ?? 0) + 1
    }
    return { categories, tags }
  }
  async function expectExact() {
    const f = await facets()
    const expected = await recount()
    expect(Object.fromEntries(f.categories.map((c) => [c.id, c.count]))).toEqual(expected.categories)
    expect(Object.fromEntries(f.tags.map((t) => [t.id, t.count]))).toEqual(expected.tags)
  }

  it("stay exact through submission, approval, edits, rejection and deletion", async () => {
    await expectExact()
    const { id } = await submitProduct(bruno.pb, {
      title: "Produto das facetas",
      category: cat.jogos,
      tags: ["faceta-nova", "jogos"],
    })
    await expectExact() // in review: not counted
    await be.admin.collection("products").update(id, { status: "approved" })
    await expectExact()
    expect((await facets()).tags.find((t) => t.name === "faceta-nova")?.count).toBe(1)
    await updateProduct(bruno.pb, id, {
      title: "Produto das facetas",
      category: cat.fin,
      tags: ["faceta-nova", "outra"],
    })
    await expectExact()
    await be.admin.collection("products").update(id, { status: "rejected", rejection_reason: "Fora do tema" })
    await expectExact()
    expect((await facets()).tags.find((t) => t.name === "faceta-nova")).toBeUndefined()
    await be.admin.collection("products").update(id, { status: "approved" })
    await expectExact()
    await bruno.pb.collection("products").delete(id)
    await expectExact()
  })
})

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

describe("fresh answers", () => {
  it("reflects a change at once, although listings are cached", async () => {
    const card = async () => (await listProducts(be.anon(), { search: "receitas rapidas" })).items[0]
    expect(await card()).toMatchObject({ title: "Receitas Rápidas", vote_count: 0 })
    await be.admin.collection("products").update(prod.receitas!, { title: "Receitas Rápidas e Baratas" })
    expect(await card()).toMatchObject({ title: "Receitas Rápidas e Baratas", vote_count: 0 })
    // counters may lag a cached listing by 2 s (a busy site keeps its cache through votes)
    await be.admin.collection("votes").create({ product: prod.receitas, user: stranger.id })
    await expect.poll(async () => (await card())?.vote_count, { timeout: 5000, interval: 250 }).toBe(1)
    await be.admin.collection("users").update(ana.id, { display_name: "Ana S. Souza" })
    expect((await card())?.maker?.display_name).toBe("Ana S. Souza")
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
    // /home is the app with its first data (tests/http-delivery.test.ts), nothing else
    const home = await page("/home")
    expect(home.status).toBe(200)
    expect(home.html.replace(/<script type="application\/json" id="vitrine-boot">.*<\/script>\s*/s, "")).toBe(
      INDEX_HTML,
    )
  })
})
