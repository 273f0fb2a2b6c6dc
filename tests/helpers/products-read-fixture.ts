// The catalogue the public-read suites (tests/products-*.test.ts: listing, search, facets, product
// page) read from: a real PocketBase serving a tiny app from a temp public dir, four users, four
// categories and nine products (seven approved, one pending, one rejected) with tags, votes and
// Lovable/EPIC marks, plus the 48-product "Lote" batch the paging and exclusion tests walk.
// One catalogue per test file: vitest gives each file its own copy of this module.
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import type PocketBase from "pocketbase"
import { startBackend, type TestBackend } from "./pocketbase"
import { images, type Card } from "./products"

export const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Vitrine: produtos da comunidade." />
    <title>Vitrine</title>
  </head>
  <body><div id="root"></div></body>
</html>
`

type Member = { pb: PocketBase; id: string }

let be: TestBackend
let publicDir: string
let ana: Member
export const cat: Record<string, string> = {}
export const tag: Record<string, string> = {}
export const prod: Record<string, string> = {}

let minute = 0
/** Publication moments one minute apart, in creation order. */
export const nextMoment = () => new Date(Date.UTC(2025, 0, 1, 10, minute++)).toISOString().replace("T", " ")

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
export async function product(f: Fixture) {
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

export interface Catalog {
  be: TestBackend
  ana: Member
  bruno: Member
  moderator: Member
  stranger: Member
}

/** Starts the server and seeds the catalogue (call it in beforeAll; stopCatalog in afterAll). */
export async function setupCatalog(): Promise<Catalog> {
  publicDir = await mkdtemp(path.join(tmpdir(), "vitrine-public-"))
  await writeFile(path.join(publicDir, "index.html"), INDEX_HTML)
  be = await startBackend({ APP_URL: "https://vitrine.test" }, { publicDir })
  ana = await be.user("Ana Souza")
  const bruno = await be.user("Bruno Lima")
  const moderator = await be.user("Moderadora", ["moderator"])
  const stranger = await be.user("Estranho")
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
  return { be, ana, bruno, moderator, stranger }
}

export async function stopCatalog() {
  await be?.stop()
  if (publicDir) await rm(publicDir, { recursive: true, force: true })
}

export const ids = (cards: Card[]) => cards.map((c) => c.id)

/** How many approved products the paging batch ("Lote") holds. */
export const BATCH = 45

/**
 * Adds the "Lote" category with BATCH approved products (several share a vote count) and three
 * pending ones, and returns the pending ones' ids, to be approved while a listing is read.
 */
export async function seedBatch(): Promise<string[]> {
  const waiting: string[] = []
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
  return waiting
}
