// `npm run bench`: load figures for the public product reads on a throw-away database.
//
// Seeds approved products straight into SQLite through PocketBase's superuser SQL API (one
// INSERT ... WITH RECURSIVE per 10,000 rows: fast, and the FTS and facet triggers run as in
// production), then loads the server with autocannon on 127.0.0.1, always next to GET /api/health
// in the same run, so the ratios say more than the absolute numbers (they depend on the machine
// and on whatever else runs on it; the load average is printed at the start and the end):
//   1. search at 1,000 products (response cache off: the SQL itself is measured)
//   2. /home listing and facets at 10,000 products, cached and uncached, 4 and 50 connections
//   3. search, listing and facets at 100,000 products (cache off, then search cached), and the
//      launch ranking (a day, a week, a month, page 20 of the month) and one product's stats page
// Search latency is measured with 1 connection (one user's wait) and, for information, 4.
// Each phase is bounded (BENCH_SECONDS, default 4 s, after a 1 s warm-up). Nothing outside the
// temp dir is touched. BENCH_MAX=10000 skips the 100,000-product phase.
import { rm, mkdtemp } from "node:fs/promises"
import os, { tmpdir } from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import autocannon from "autocannon"
import PocketBase from "pocketbase"
import { startPocketBase } from "./lib/pb-server.mjs"

const SECONDS = Number(process.env.BENCH_SECONDS || 4)
const MAX = Number(process.env.BENCH_MAX || 100_000)
const SUPERUSER = { email: "bench@vitrine.local", password: "bench-superuser-123" }
const CHUNK = 10_000
const EXTRA_TAGS = 100

const LISTING = "/api/vitrine/products"
const FACETS = "/api/vitrine/facets"
const SEARCHES = [
  "receitas",
  "aplicativos financas",
  '"controle financeiro"',
  "jogo OR quiz",
  "estudos -enem",
  "educação",
].map((q) => `${LISTING}?search=${encodeURIComponent(q)}`)

// ---------- data ----------

const CATEGORIES = [
  "Produtividade",
  "Educação",
  "Saúde",
  "Finanças",
  "Jogos",
  "Ferramentas de IA",
  "Comunidade",
  "Design",
]
// prettier-ignore
const TAGS = ["ia", "no-code", "lovable", "saas", "educação", "aplicativo", "mobile", "produtividade", "finanças", "saúde",
  "jogos", "open-source", "chatbot", "automação", "design", "pwa", "comunidade", "marketing", "dados", "acessibilidade",
  "estudos", "pets", "receitas", "viagem", "música", "sustentabilidade"]
// prettier-ignore
const NOUNS = ["Agenda", "Caderno", "Painel", "Mapa", "Diário", "Guia", "Radar", "Cofre", "Trilha", "Estúdio", "Oficina",
  "Mural", "Bússola", "Farol", "Ponte", "Jardim", "Ateliê", "Laboratório", "Planner", "Quiz"]
// prettier-ignore
const ADJECTIVES = ["Fácil", "Digital", "Inteligente", "Rápido", "Vivo", "Simples", "Criativo", "Coletivo", "Leve", "Seguro",
  "Aberto", "Esperto", "Prático", "Urbano", "Solidário"]
// prettier-ignore
const TOPICS = ["receitas", "finanças pessoais", "estudos", "treinos", "meditação", "viagens", "idiomas", "jardinagem",
  "música", "leitura", "pets", "bem-estar", "vendas", "marketing", "atendimento", "eventos", "reformas", "moda", "fotografia",
  "podcasts", "xadrez", "matemática", "redação", "programação", "saúde mental", "nutrição", "corrida", "ciclismo",
  "voluntariado", "reciclagem", "energia solar", "agricultura", "artesanato", "cinema", "quadrinhos", "astronomia",
  "história", "geografia", "química", "física", "biologia", "enem", "concursos", "carreira", "entrevistas", "currículos",
  "freelancers", "condomínios", "mudanças", "aluguel", "orçamento doméstico", "investimentos", "impostos", "contabilidade",
  "estoque", "delivery", "restaurantes", "cafés", "padarias", "feiras"]
// prettier-ignore
const INTROS = ["Aplicativo de", "Plataforma de", "Ferramenta de", "Site de", "Assistente de IA para", "Painel de",
  "Comunidade de", "Jogo sobre", "Guia de", "Marketplace de", "Diário de", "Calculadora de"]
// prettier-ignore
const AUDIENCES = ["estudantes", "professores", "famílias", "pequenos negócios", "freelancers", "idosos", "crianças",
  "equipes remotas", "ONGs", "comunidades", "atletas", "músicos", "artistas", "pais", "jovens", "empreendedores"]
// prettier-ignore
const FEATURES = ["controle financeiro", "lembretes no celular", "relatórios semanais", "modo offline", "jogo de perguntas",
  "quiz diário", "metas compartilhadas", "agenda integrada", "chat com IA", "painel de dados", "mapa interativo",
  "ranking da turma", "cupons de desconto", "pagamentos por Pix", "fotos antes e depois", "check-list", "cronômetro"]
const SYLLABLES =
  "ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu".split(
    " ",
  )
const FILLER = Array.from({ length: 3000 }, (_, k) => {
  const s = (n) => SYLLABLES[n % SYLLABLES.length]
  return s(k) + s(Math.floor(k / 7) + 3) + s(Math.floor(k / 49) + 11) + (k % 3 === 0 ? "r" : k % 3 === 1 ? "s" : "")
})

const sqlText = (s) => `'${String(s).replace(/'/g, "''")}'`
const jsonList = (list) => sqlText(JSON.stringify(list))
/** SQL picking list[(expr) % list.length] from an inline JSON array. */
const pick = (list, expr) => `json_extract(${jsonList(list)}, '$[' || ((${expr}) % ${list.length}) || ']')`

async function runSql(pb, query) {
  if (query.length > 5000) throw new Error(`SQL too long (${query.length} chars): the API takes at most 5000`)
  return pb.sql.run(query)
}

export async function seedLookups(pb) {
  const users = Array.from({ length: 30 }, (_, k) => `benchusr${String(k).padStart(7, "0")}`)
  const now = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')"
  await runSql(
    pb,
    `INSERT INTO categories (id, name, slug, created, updated) VALUES ${CATEGORIES.map(
      (name, k) => `('benchcat${String(k).padStart(7, "0")}', ${sqlText(name)}, 'cat-${k}', ${now}, ${now})`,
    ).join(", ")}`,
  )
  await runSql(
    pb,
    `INSERT INTO tags (id, name, created, updated) VALUES ${TAGS.map(
      (name, k) => `('benchtag${String(k).padStart(7, "0")}', ${sqlText(name)}, ${now}, ${now})`,
    ).join(", ")}`,
  )
  for (let i = 0; i < users.length; i += 10) {
    const rows = users
      .slice(i, i + 10)
      .map((id, k) => [id, i + k])
      .map(
        ([id, k]) =>
          `('${id}', 'maker${k}@bench.local', '', '${id}key', TRUE, 'Maker ${k}', 'maker${k}', 'Bio ${k}.', ${now}, ${now})`,
      )
    await runSql(
      pb,
      `INSERT INTO users (id, email, password, tokenKey, verified, display_name, username, bio, created, updated) ` +
        `VALUES ${rows.join(", ")}`,
    )
  }
  await runSql(pb, "CREATE TABLE bench_words (k INTEGER PRIMARY KEY, w TEXT NOT NULL)")
  // the same words as FILLER, made by SQLite (a literal list would pass the SQL API's limit)
  await runSql(
    pb,
    `INSERT INTO bench_words (k, w) WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < ${FILLER.length - 1}) ` +
      `SELECT k, ${pick(SYLLABLES, "k")} || ${pick(SYLLABLES, "k / 7 + 3")} || ${pick(SYLLABLES, "k / 49 + 11")} || ` +
      `CASE k % 3 WHEN 0 THEN 'r' WHEN 1 THEN 's' ELSE '' END FROM n`,
  )
  // a long tail of tags, as a real site grows: the real ones above are each on ~2% of products
  await runSql(
    pb,
    `INSERT INTO tags (id, name, created, updated) SELECT printf('benchtag%07d', ${TAGS.length} + k), 'tag-' || w, ${now}, ${now} ` +
      `FROM bench_words WHERE k < ${EXTRA_TAGS}`,
  )
  return { categories: CATEGORIES.map((_, k) => `benchcat${String(k).padStart(7, "0")}`), users }
}

/** Approved products from+1 .. to (ids bench0000000001...), with 3 tags each, newest last. */
export async function seedProducts(pb, lookups, from, to) {
  for (let start = from + 1; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1)
    const range = `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end})`
    // tags first: the products' FTS rows then get their tag names at insert
    await runSql(
      pb,
      `INSERT INTO product_tags (id, product, tag, position, created, updated) ${range}, k(p) AS (VALUES (0), (1), (2)) ` +
        `SELECT printf('bt%d%012d', p, i), printf('bench%010d', i), ` +
        `printf('benchtag%07d', (i * 3 + p * 37) % ${TAGS.length + EXTRA_TAGS}), p, '', '' FROM n, k`,
    )
    const filler = Array.from(
      { length: 10 },
      (_, k) => `(SELECT w FROM bench_words WHERE k = (i * ${7 + k * 6} + ${k * 131}) % ${FILLER.length})`,
    ).join(" || ' ' || ")
    await runSql(
      pb,
      `INSERT INTO products (id, slug, title, description, url, category, built_with_lovable, built_with_epic, status, ` +
        `created_by, published_at, launch_day, launch_week, launch_month, vote_count, view_count, click_count, ` +
        `comment_count, images, created, updated) ${range} ` +
        `SELECT printf('bench%010d', i), printf('produto-%d', i), ` +
        `${pick(NOUNS, "i")} || ' ' || ${pick(ADJECTIVES, "i / 20")} || ' ' || (SELECT w FROM bench_words WHERE k = i % ${FILLER.length}), ` +
        `${pick(INTROS, "i * 13")} || ' ' || ${pick(TOPICS, "i * 7")} || ' para ' || ${pick(AUDIENCES, "i * 3")} || ' com ' || ` +
        `${pick(FEATURES, "i * 5")} || '. ' || ${filler} || '.', ` +
        `'https://exemplo.com.br/p/' || i, ${pick(lookups.categories, "i")}, i % 3 = 0, i % 5 = 0, 'approved', ` +
        `${pick(lookups.users, "i * 11")}, strftime('%Y-%m-%d %H:%M:%fZ', '2024-01-01', '+' || i || ' minutes'), ` +
        // launch day, week (its Monday) and month in São Paulo (UTC-3), as the save hook sets them
        `date('2024-01-01', '+' || i || ' minutes', '-3 hours'), ` +
        `date('2024-01-01', '+' || i || ' minutes', '-3 hours', '-6 days', 'weekday 1'), ` +
        `strftime('%Y-%m', '2024-01-01', '+' || i || ' minutes', '-3 hours'), ` +
        `((i * 48271) % 2147483647) % 300, (i * 13) % 1000, (i * 7) % 500, i % 20, '["capa.png","tela.png"]', ` +
        `strftime('%Y-%m-%d %H:%M:%fZ', '2024-01-01', '+' || i || ' minutes'), ` +
        `strftime('%Y-%m-%d %H:%M:%fZ', '2024-01-01', '+' || i || ' minutes') FROM n`,
    )
    // per-day counters (maker analytics): one row per product, on one of the last 30 days
    await runSql(
      pb,
      `INSERT INTO product_daily_stats (product, day, views, clicks, votes, comments) ${range} ` +
        `SELECT printf('bench%010d', i), date('now', '-3 hours', '-' || (i % 30) || ' days'), ` +
        `(i * 13) % 50, (i * 7) % 10, i % 5, i % 3 FROM n`,
    )
  }
}

/** 30 days of counters for one product (the one the stats phase reads). */
export async function seedStatsDays(pb, productId) {
  await runSql(
    pb,
    `INSERT INTO product_daily_stats (product, day, views, clicks, votes, comments) ` +
      `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < 29) ` +
      `SELECT '${productId}', date('now', '-3 hours', '-' || k || ' days'), 40 + k, 5 + k % 4, k % 7, k % 3 FROM n ` +
      `WHERE true ON CONFLICT (product, day) DO UPDATE SET views = excluded.views, clicks = excluded.clicks, ` +
      `votes = excluded.votes, comments = excluded.comments`,
  )
}

// ---------- load ----------

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Loads `paths` (cycled per connection) for `seconds`; latencies in ms, requests per second. */
async function measure(url, paths, connections, seconds = SECONDS, headers = {}) {
  const run = async (duration, record) => {
    const latencies = []
    const instance = autocannon({
      url,
      connections,
      duration,
      headers,
      requests: paths.map((p) => ({ method: "GET", path: p })),
    })
    if (record) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms))
    const result = await instance
    return { result, latencies }
  }
  await run(1, false) // warm-up: VMs, SQLite page cache, response cache
  const { result, latencies } = await run(seconds, true)
  latencies.sort((a, b) => a - b)
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0) throw new Error(`${failed} failed requests on ${paths[0]} (${connections} connections)`)
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: result.requests.total / (result.duration || seconds),
  }
}

export async function server(dataDir, cache) {
  return startPocketBase({
    dataDir,
    host: "127.0.0.1",
    superuser: SUPERUSER,
    env: { RATE_LIMITS: "off", VITRINE_LIST_CACHE: cache ? "on" : "off" },
  })
}

export async function admin(url) {
  const pb = new PocketBase(url)
  pb.autoCancellation(false)
  await pb.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password)
  return pb
}

/** Every search of the set answers 200 with some results (else the numbers would be meaningless). */
async function checkSearches(url) {
  for (const p of SEARCHES) {
    const res = await fetch(url + p)
    const body = await res.json()
    if (!res.ok || body.items.length === 0) throw new Error(`search ${p} answered ${res.status} with no items`)
  }
}

// the ranking at 100,000 products: ~1,440 launches a day (one a minute from 2024-01-01)
const RANK_DATE = "2024-02-15"
const STATS_PRODUCT = "bench0000064000"
const STATS_PATH = "/api/vitrine/products/by-slug/produto-64000/stats"

/** The ranking pages measured: first pages of a day, a week and a month, and page 20 of the month. */
async function rankingSet(url) {
  const path = (period) => `/api/vitrine/ranking?period=${period}&date=${RANK_DATE}`
  let cursor = null
  for (let page = 1; page < 20; page++) {
    const res = await fetch(url + path("month") + (cursor ? `&cursor=${cursor}` : ""))
    const body = await res.json()
    if (!res.ok || body.items.length === 0 || !body.nextCursor) throw new Error(`ranking page ${page}: ${res.status}`)
    cursor = body.nextCursor
  }
  const day = await (await fetch(url + path("day"))).json()
  if (day.items.length === 0) throw new Error(`no launches on ${RANK_DATE}: the ranking figures would mean nothing`)
  return {
    "day (first page)": path("day"),
    "week (first page)": path("week"),
    "month (first page)": path("month"),
    "month (page 20)": `${path("month")}&cursor=${cursor}`,
  }
}

const ms = (v) => `${v.toFixed(1)} ms`
const rps = (v) => `${Math.round(v)}/s`
const seconds = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`

/** Each search of the set alone, 1 connection, ~1 s each: p95 per query. */
async function perQuery(url) {
  const out = {}
  for (const p of SEARCHES) out[p] = await measure(url, [p], 1, 1)
  return out
}

async function main() {
  const started = Date.now()
  const dataDir = await mkdtemp(path.join(tmpdir(), "vitrine-bench-"))
  const rows = []
  const add = (what, r, health) =>
    rows.push([
      what,
      ms(r.p50),
      ms(r.p95),
      rps(r.rps),
      health ? `${((100 * r.rps) / health.rps).toFixed(0)}% of health` : "",
    ])
  let pb = null
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")
  try {
    console.log(`Banco descartável: ${dataDir}`)
    console.log(`Máquina: ${os.cpus().length} CPUs, carga (1/5/15 min) ${load()}`)
    // 1. search at 1,000 products, SQL only
    pb = await server(dataDir, false)
    let t = Date.now()
    const lookups = await seedLookups(await admin(pb.url))
    await seedProducts(await admin(pb.url), lookups, 0, 1_000)
    console.log(`1.000 produtos semeados em ${seconds(t)}`)
    await checkSearches(pb.url)
    const search1k = await measure(pb.url, SEARCHES, 1)
    add("search, 1,000 products, 1 conn (no cache)", search1k)
    add("search, 1,000 products, 4 conn (no cache)", await measure(pb.url, SEARCHES, 4))
    const queries1k = await perQuery(pb.url)

    // 2. listing at 10,000 products
    t = Date.now()
    await seedProducts(await admin(pb.url), lookups, 1_000, 10_000)
    console.log(`10.000 produtos semeados em ${seconds(t)}`)
    const listUncached4 = await measure(pb.url, [LISTING], 4)
    const listUncached50 = await measure(pb.url, [LISTING], 50)
    const facetsUncached = await measure(pb.url, [FACETS], 4)
    await pb.stop()
    pb = await server(dataDir, true)
    const health4 = await measure(pb.url, ["/api/health"], 4)
    const health50 = await measure(pb.url, ["/api/health"], 50)
    const list4 = await measure(pb.url, [LISTING], 4)
    const list50 = await measure(pb.url, [LISTING], 50)
    add("/api/health, 4 conn", health4)
    add("/api/health, 50 conn", health50)
    add("/home listing, 10,000 products, 4 conn", list4, health4)
    add("/home listing, 10,000 products, 50 conn", list50, health50)
    add("/home listing, 10,000, 4 conn (no cache)", listUncached4, health4)
    add("/home listing, 10,000, 50 conn (no cache)", listUncached50, health50)
    add("/home facets, 10,000, 4 conn", await measure(pb.url, [FACETS], 4), health4)
    add("/home facets, 10,000, 4 conn (no cache)", facetsUncached, health4)
    await pb.stop()
    pb = null

    // 3. search at 100,000 products, SQL only, then with the cache (the same searches repeated)
    let search100k = null
    let queries100k = null
    let ranking100k = null
    let stats100k = null
    const rankingByPage = {}
    if (MAX > 10_000) {
      const n = MAX.toLocaleString("en")
      pb = await server(dataDir, false)
      t = Date.now()
      await seedProducts(await admin(pb.url), lookups, 10_000, MAX)
      console.log(`${MAX.toLocaleString("pt-BR")} produtos semeados em ${seconds(t)}`)
      await checkSearches(pb.url)
      search100k = await measure(pb.url, SEARCHES, 1)
      add(`search, ${n} products, 1 conn (no cache)`, search100k)
      add(`search, ${n} products, 4 conn (no cache)`, await measure(pb.url, SEARCHES, 4))
      queries100k = await perQuery(pb.url)
      add(`/home listing, ${n}, 4 conn (no cache)`, await measure(pb.url, [LISTING], 4))
      add(`/home facets, ${n}, 4 conn (no cache)`, await measure(pb.url, [FACETS], 4))
      // the ranking: a day, a week and a month of launches, first pages and a page 20 deep
      const rankingPaths = await rankingSet(pb.url)
      for (const [label, p] of Object.entries(rankingPaths)) {
        const r = await measure(pb.url, [p], 1)
        rankingByPage[label] = r
        add(`ranking ${label}, ${n}, 1 conn (no cache)`, r)
      }
      ranking100k = await measure(pb.url, Object.values(rankingPaths), 4)
      // information: on a 2-core machine 4 connections queue behind each other
      add(`ranking (all of the above), ${n}, 4 conn (no cache)`, ranking100k)
      // the owner's stats page (30 days of counters), as a superuser (owner and staff only)
      const su = await admin(pb.url)
      await seedStatsDays(su, STATS_PRODUCT)
      stats100k = await measure(pb.url, [STATS_PATH], 1, SECONDS, { Authorization: su.authStore.token })
      add(`product stats, ${n}, 1 conn (no cache)`, stats100k)
      await pb.stop()
      pb = await server(dataDir, true)
      add(`search, ${n} products, 4 conn (cached)`, await measure(pb.url, SEARCHES, 4))
      add(`/home listing, ${n}, 4 conn`, await measure(pb.url, [LISTING], 4))
    }

    const table = (header, body) => {
      const widths = header.map((h, k) => Math.max(h.length, ...body.map((r) => r[k].length)))
      const line = (r) => r.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join("  ")
      console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`)
      for (const r of body) console.log(line(r))
    }
    table(["phase", "p50", "p95", "req/s", "vs health"], rows)
    const query = (p) => decodeURIComponent(p.slice(p.indexOf("=") + 1))
    table(
      ["search p95 by query, 1 conn (no cache)", "1,000", ...(queries100k ? [MAX.toLocaleString("en")] : [])],
      SEARCHES.map((p) => [query(p), ms(queries1k[p].p95), ...(queries100k ? [ms(queries100k[p].p95)] : [])]),
    )

    const verdict = (ok, text) => console.log(`${ok ? "OK   " : "FALHA"} ${text}`)
    console.log("")
    verdict(list4.p95 < 10, `listagem p95 a 4 conexões < 10 ms (${ms(list4.p95)})`)
    verdict(
      list50.rps >= 0.2 * health50.rps,
      `listagem a 50 conexões >= 20% do /api/health (${((100 * list50.rps) / health50.rps).toFixed(0)}%)`,
    )
    if (search100k) {
      verdict(search100k.p95 < 30, `busca p95 com ${MAX} produtos < 30 ms (${ms(search100k.p95)}, 1 conexão)`)
      verdict(
        search100k.p95 <= 1.5 * search1k.p95,
        `busca p95 com ${MAX} <= 1,5x a de 1.000 (${(search100k.p95 / search1k.p95).toFixed(2)}x)`,
      )
    }
    if (ranking100k) {
      for (const [label, r] of Object.entries(rankingByPage)) {
        verdict(r.p95 < 10, `ranking ${label} p95 com ${MAX} produtos < 10 ms sem cache (${ms(r.p95)}, 1 conexão)`)
      }
      verdict(stats100k.p95 < 10, `estatísticas p95 com ${MAX} produtos < 10 ms (${ms(stats100k.p95)}, 1 conexão)`)
    }
    console.log(`\nCarga da máquina ao final: ${load()} (outros processos pesam em todos os números).`)
    console.log(`Concluído em ${seconds(started)}.`)
  } finally {
    if (pb) await pb.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
