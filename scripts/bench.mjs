// `npm run bench`: load figures for the public product reads on a throw-away database.
//
// Seeds approved products straight into SQLite through PocketBase's superuser SQL API (one
// INSERT ... WITH RECURSIVE per 10,000 rows: fast, and the FTS and facet triggers run as in
// production; the stemmed search fields are written as the hooks would), then loads the server
// with autocannon on 127.0.0.1, always next to GET /api/health in the same run, so the ratios say
// more than the absolute numbers (they depend on the machine and on whatever else runs on it: the
// 1-minute load average is printed with every figure):
//   1. search at 1,000 products (response cache off: the SQL itself is measured)
//   2. /home listing and facets at 10,000 products, cached and uncached, 4 and 50 connections
//   3. search, listing and facets at 100,000 products (cache off, then cached), and the launch
//      ranking (a day, a week, a month, page 20 of the month) and one product's stats page
//   4. the mixed workload at 100,000 products, 50 connections: 95% reads (listings, searches,
//      product pages, comments, related, facets), 5% votes and comments by 200 signed-in users on
//      random products (each invalidating the cached listings), next to /api/health; and from it
//      the capacity line (active users one node holds: one request per user every 10 s).
// Search latency is measured with 1 connection (one user's wait), per query and mixed, and at 4
// connections (throughput). Targets (issue 13): every query p95 < 20 ms at 100,000 and at most
// 1.5x its p95 at 1,000; 4-connection search throughput at 100,000 >= 80% of 1,000; uncached
// listing at 10,000 p95 < 10 ms (4 connections); the mix >= 20% of /api/health.
// Each phase is bounded (BENCH_SECONDS, default 4 s, per query BENCH_QUERY_SECONDS 2 s, the mix
// BENCH_MIXED_SECONDS 10 s, each after a 1 s warm-up). Nothing outside the temp dir is touched.
// BENCH_MAX=10000 skips the 100,000-product phases. Exit code 1 when a target is missed.
import { readFileSync } from "node:fs"
import { rm, mkdtemp } from "node:fs/promises"
import os, { tmpdir } from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import vm from "node:vm"
import autocannon from "autocannon"
import PocketBase from "pocketbase"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"

/** The server's stemmer (a CommonJS hook module): products are stored with their stemmed text. */
function loadStemmer() {
  const module = { exports: {} }
  const file = path.join(ROOT, "pb_hooks/lib/products-search.js")
  vm.runInNewContext(readFileSync(file, "utf8"), { module, exports: module.exports }, { filename: file })
  return module.exports.stemText
}
const stemText = loadStemmer()

const SECONDS = Number(process.env.BENCH_SECONDS || 4)
const QUERY_SECONDS = Number(process.env.BENCH_QUERY_SECONDS || 2)
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS || 10)
const THINK_SECONDS = 10
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

async function runSql(pb, query) {
  if (query.length > 5000) throw new Error(`SQL too long (${query.length} chars): the API takes at most 5000`)
  return pb.sql.run(query)
}

// The word lists live in a helper table with their stemmed forms (what the search hooks would
// store for text saved through PocketBase: pb_hooks/search.pb.js), so each product row gets its
// text and its search fields from the same picks.
const LISTS = {
  noun: NOUNS,
  adjective: ADJECTIVES,
  filler: FILLER,
  topic: TOPICS,
  intro: INTROS,
  audience: AUDIENCES,
  feature: FEATURES,
}
/** The word list entry (i % length), as written (`v`) or stemmed (`s`). */
const pick = (list, expr, column = "v") =>
  `(SELECT ${column} FROM bench_text WHERE list = '${list}' AND k = (${expr}) % ${LISTS[list].length})`

export async function seedLookups(pb) {
  const users = Array.from({ length: 30 }, (_, k) => `benchusr${String(k).padStart(7, "0")}`)
  const now = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')"
  await runSql(
    pb,
    `INSERT INTO categories (id, name, search_name, slug, created, updated) VALUES ${CATEGORIES.map(
      (name, k) =>
        `('benchcat${String(k).padStart(7, "0")}', ${sqlText(name)}, ${sqlText(stemText(name))}, 'cat-${k}', ${now}, ${now})`,
    ).join(", ")}`,
  )
  await runSql(
    pb,
    `INSERT INTO tags (id, name, search_name, created, updated) VALUES ${TAGS.map(
      (name, k) =>
        `('benchtag${String(k).padStart(7, "0")}', ${sqlText(name)}, ${sqlText(stemText(name))}, ${now}, ${now})`,
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
  await runSql(
    pb,
    "CREATE TABLE bench_text (list TEXT NOT NULL, k INTEGER NOT NULL, v TEXT, s TEXT, PRIMARY KEY (list, k))",
  )
  for (const [list, words] of Object.entries(LISTS)) {
    const rows = words.map((w, k) => `('${list}', ${k}, ${sqlText(w)}, ${sqlText(stemText(w))})`)
    for (let i = 0; i < rows.length;) {
      let sql = "INSERT INTO bench_text (list, k, v, s) VALUES "
      let n = 0
      while (i < rows.length && sql.length + rows[i].length < 4800) sql += (n++ ? ", " : "") + rows[i++]
      await runSql(pb, sql)
    }
  }
  // a long tail of tags, as a real site grows: the real ones above are each on ~2% of products
  await runSql(
    pb,
    `INSERT INTO tags (id, name, search_name, created, updated) ` +
      `SELECT printf('benchtag%07d', ${TAGS.length} + k), 'tag-' || v, 'tag ' || s, ${now}, ${now} ` +
      `FROM bench_text WHERE list = 'filler' AND k < ${EXTRA_TAGS}`,
  )
  return { categories: CATEGORIES.map((_, k) => `benchcat${String(k).padStart(7, "0")}`), users }
}

/** Approved products from+1 .. to (ids bench0000000001...), with 3 tags each, newest last. */
export async function seedProducts(pb, lookups, from, to) {
  const categories = `json('${JSON.stringify(lookups.categories)}')`
  const users = `json('${JSON.stringify(lookups.users)}')`
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
    // the same picks, written (v) and stemmed (s)
    const title = (c) =>
      `${pick("noun", "i", c)} || ' ' || ${pick("adjective", "i / 20", c)} || ' ' || ${pick("filler", "i", c)}`
    const filler = (c) =>
      Array.from({ length: 10 }, (_, k) => pick("filler", `i * ${7 + k * 6} + ${k * 131}`, c)).join(" || ' ' || ")
    const description = (c) =>
      `${pick("intro", "i * 13", c)} || ' ' || ${pick("topic", "i * 7", c)} || ' ${c === "v" ? "para" : stemText("para")} ' || ` +
      `${pick("audience", "i * 3", c)} || ' ${c === "v" ? "com" : stemText("com")} ' || ${pick("feature", "i * 5", c)} || ` +
      `'${c === "v" ? ". " : " "}' || ${filler(c)}${c === "v" ? " || '.'" : ""}`
    await runSql(
      pb,
      `INSERT INTO products (id, slug, title, description, search_title, search_description, url, category, ` +
        `built_with_lovable, built_with_epic, status, created_by, published_at, launch_day, launch_week, launch_month, ` +
        `vote_count, view_count, click_count, comment_count, images, created, updated) ${range} ` +
        `SELECT printf('bench%010d', i), printf('produto-%d', i), ${title("v")}, ${description("v")}, ` +
        `${title("s")}, ${description("s")}, 'https://exemplo.com.br/p/' || i, ` +
        `json_extract(${categories}, '$[' || (i % ${lookups.categories.length}) || ']'), i % 3 = 0, i % 5 = 0, 'approved', ` +
        `json_extract(${users}, '$[' || ((i * 11) % ${lookups.users.length}) || ']'), ` +
        `strftime('%Y-%m-%d %H:%M:%fZ', '2024-01-01', '+' || i || ' minutes'), ` +
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

const loadNow = () => os.loadavg()[0]

/**
 * Loads the server for `seconds` (after a 1 s warm-up): `paths` cycled per connection, or
 * `setupRequest` choosing each request (method, path, headers, body). Latencies in ms, requests
 * per second, and the 1-minute load average when it ended. Any non-2xx answer fails the bench.
 */
export async function measure(url, paths, connections, seconds = SECONDS, opts = {}) {
  const requests = opts.setupRequest
    ? [{ setupRequest: opts.setupRequest }]
    : paths.map((p) => ({ method: "GET", path: p, headers: opts.headers }))
  const run = async (duration, record) => {
    const latencies = []
    const instance = autocannon({ url, connections, duration, requests, timeout: 30 })
    if (record) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms))
    const result = await instance
    return { result, latencies }
  }
  await run(1, false) // warm-up: VMs, SQLite page cache, response cache
  const { result, latencies } = await run(seconds, true)
  latencies.sort((a, b) => a - b)
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0) {
    throw new Error(`${failed} failed requests on ${opts.label ?? paths[0]} (${connections} connections)`)
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: result.requests.total / (result.duration || seconds),
    load: loadNow(),
  }
}

export async function server(dataDir, cache) {
  return startPocketBase({
    dataDir,
    host: "127.0.0.1",
    superuser: SUPERUSER,
    env: { RATE_LIMITS: "off", VITRINE_LIST_CACHE: cache ? "on" : "off" },
    ...(process.env.BENCH_HOOKS_POOL ? { hooksPool: Number(process.env.BENCH_HOOKS_POOL) } : {}),
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

/** Each search of the set alone, 1 connection: p95 per query. */
async function perQuery(url) {
  const out = {}
  for (const p of SEARCHES) out[p] = await measure(url, [p], 1, QUERY_SECONDS)
  return out
}

// ---------- mixed workload ----------

const MIXED_USERS = 200
const MIXED_SEARCHES = [
  "receitas",
  "aplicativo de finanças",
  "quiz",
  "painel inteligente",
  "estudantes",
  "jogos OR música",
  '"modo offline"',
  "treinos -corrida",
  "delivery",
  "meditação",
  "ciclismo",
  "guia",
]

/**
 * Signed-in users for the writes: bench users made with SQL, each with a token from the
 * superuser's impersonation (no password round per user).
 */
export async function mixedUsers(pb) {
  const now = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')"
  const ids = Array.from({ length: MIXED_USERS }, (_, k) => `benchfan${String(k).padStart(7, "0")}`)
  for (let i = 0; i < ids.length; i += 20) {
    const rows = ids
      .slice(i, i + 20)
      .map(
        (id, k) =>
          `('${id}', 'fan${i + k}@bench.local', '', '${id}key', TRUE, 'Fã ${i + k}', 'fan${i + k}', ${now}, ${now})`,
      )
    await runSql(
      pb,
      `INSERT INTO users (id, email, password, tokenKey, verified, display_name, username, created, updated) VALUES ${rows.join(", ")}`,
    )
  }
  const users = []
  for (const id of ids) users.push({ id, token: (await pb.collection("users").impersonate(id, 3600)).authStore.token })
  return users
}

/**
 * What 50 people using the site at once ask for: 95% reads (listings by sort, category and tag,
 * searches, product pages with their comments and related products, facets) and 5% writes by
 * signed-in users on random products (3% votes set or removed, 2% comments), each write
 * invalidating the cached listings. Browser-like: every request accepts gzip.
 */
export function mixedRequest(products, users, lookups) {
  const rand = (n) => Math.floor(Math.random() * n)
  const product = () => rand(products) + 1
  const pid = (i) => `bench${String(i).padStart(10, "0")}`
  const json = { "content-type": "application/json", "accept-encoding": "gzip" }
  let comments = 0
  return (req) => {
    const r = Math.random() * 100
    const get = (path) => ({ ...req, method: "GET", path, headers: { "accept-encoding": "gzip" }, body: undefined })
    if (r < 3) {
      const user = users[rand(users.length)]
      return {
        ...req,
        method: Math.random() < 0.6 ? "PUT" : "DELETE",
        path: `/api/vitrine/products/${pid(product())}/vote`,
        headers: { ...json, authorization: user.token },
        body: "{}",
      }
    }
    if (r < 5) {
      const user = users[rand(users.length)]
      comments += 1
      return {
        ...req,
        method: "POST",
        path: "/api/collections/comments/records",
        headers: { ...json, authorization: user.token },
        body: JSON.stringify({
          product: pid(product()),
          user: user.id,
          content: `Comentário de carga número ${comments}: gostei muito do produto!`,
        }),
      }
    }
    if (r < 25) return get(LISTING + "?limit=24&sort=recent")
    if (r < 32) return get(LISTING + "?limit=24&sort=top")
    if (r < 37)
      return get(`${LISTING}?limit=24&sort=recent&category=${lookups.categories[rand(lookups.categories.length)]}`)
    if (r < 40) return get(`${LISTING}?limit=24&sort=recent&tag=benchtag${String(rand(TAGS.length)).padStart(7, "0")}`)
    if (r < 55)
      return get(`${LISTING}?limit=24&search=${encodeURIComponent(MIXED_SEARCHES[rand(MIXED_SEARCHES.length)])}`)
    if (r < 75) return get(`${LISTING}/by-slug/produto-${product()}`)
    if (r < 83) return get(`${LISTING}/${pid(product())}/comments`) // the product page's comments
    if (r < 93) return get(`${LISTING}/${pid(product())}/related`)
    return get(FACETS)
  }
}

// ---------- report ----------

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
      r.load.toFixed(1),
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
    const search1k4 = await measure(pb.url, SEARCHES, 4)
    add("search, 1,000 products, 4 conn (no cache)", search1k4)
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

    // 3. search at 100,000 products, SQL only, then with the cache; then the mixed workload
    let search100k = null
    let search100k4 = null
    let queries100k = null
    let ranking100k = null
    let stats100k = null
    const rankingByPage = {}
    let mixed = null
    let mixedHealth = null
    if (MAX > 10_000) {
      const n = MAX.toLocaleString("en")
      pb = await server(dataDir, false)
      t = Date.now()
      await seedProducts(await admin(pb.url), lookups, 10_000, MAX)
      console.log(`${MAX.toLocaleString("pt-BR")} produtos semeados em ${seconds(t)}`)
      await checkSearches(pb.url)
      search100k = await measure(pb.url, SEARCHES, 1)
      add(`search, ${n} products, 1 conn (no cache)`, search100k)
      search100k4 = await measure(pb.url, SEARCHES, 4)
      add(`search, ${n} products, 4 conn (no cache)`, search100k4)
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
      stats100k = await measure(pb.url, [STATS_PATH], 1, SECONDS, { headers: { Authorization: su.authStore.token } })
      add(`product stats, ${n}, 1 conn (no cache)`, stats100k)
      await pb.stop()
      pb = await server(dataDir, true)
      add(`search, ${n} products, 4 conn (cached)`, await measure(pb.url, SEARCHES, 4))
      add(`/home listing, ${n}, 4 conn`, await measure(pb.url, [LISTING], 4))
      const users = await mixedUsers(await admin(pb.url))
      mixedHealth = await measure(pb.url, ["/api/health"], 50)
      mixed = await measure(pb.url, [], 50, MIXED_SECONDS, {
        setupRequest: mixedRequest(MAX, users, lookups),
        label: "the mixed workload",
      })
      add("/api/health, 50 conn (before the mix)", mixedHealth)
      add(`mixed: 95% reads, 5% votes/comments, ${n}, 50 conn`, mixed, mixedHealth)
    }

    const table = (header, body) => {
      const widths = header.map((h, k) => Math.max(h.length, ...body.map((r) => r[k].length)))
      const line = (r) => r.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join("  ")
      console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`)
      for (const r of body) console.log(line(r))
    }
    table(["phase", "p50", "p95", "req/s", "vs health", "load 1m"], rows)
    const query = (p) => decodeURIComponent(p.slice(p.indexOf("=") + 1))
    const big = MAX.toLocaleString("en")
    table(
      [
        "search p95 by query, 1 conn (no cache)",
        "1,000",
        "load",
        ...(queries100k ? [big, "load", `${big}/1,000`] : []),
      ],
      SEARCHES.map((p) => [
        query(p),
        ms(queries1k[p].p95),
        queries1k[p].load.toFixed(1),
        ...(queries100k
          ? [
              ms(queries100k[p].p95),
              queries100k[p].load.toFixed(1),
              `${(queries100k[p].p95 / queries1k[p].p95).toFixed(2)}x`,
            ]
          : []),
      ]),
    )

    const verdicts = []
    const verdict = (ok, text) => {
      verdicts.push(ok)
      console.log(`${ok ? "OK   " : "FALHA"} ${text}`)
    }
    console.log("")
    verdict(
      listUncached4.p95 < 10,
      `listagem sem cache, 10.000 produtos, p95 a 4 conexões < 10 ms (${ms(listUncached4.p95)}, carga ${listUncached4.load.toFixed(1)})`,
    )
    verdict(
      list50.rps >= 0.2 * health50.rps,
      `listagem a 50 conexões >= 20% do /api/health (${((100 * list50.rps) / health50.rps).toFixed(0)}%)`,
    )
    if (queries100k) {
      for (const p of SEARCHES) {
        const r = queries100k[p]
        const ratio = r.p95 / queries1k[p].p95
        verdict(
          r.p95 < 20 && ratio <= 1.5,
          `busca '${query(p)}': p95 com ${big} < 20 ms (${ms(r.p95)}) e <= 1,5x a de 1.000 (${ratio.toFixed(2)}x)`,
        )
      }
      const share = search100k4.rps / search1k4.rps
      verdict(
        share >= 0.8,
        `busca a 4 conexões: vazão com ${big} >= 80% da de 1.000 (${rps(search100k4.rps)} / ${rps(search1k4.rps)} = ${(100 * share).toFixed(0)}%)`,
      )
      const mixShare = mixed.rps / mixedHealth.rps
      verdict(
        mixShare >= 0.2,
        `mistura a 50 conexões >= 20% do /api/health na mesma rodada (${rps(mixed.rps)} / ${rps(mixedHealth.rps)} = ${(100 * mixShare).toFixed(0)}%, p95 ${ms(mixed.p95)})`,
      )
      console.log(
        `\nCapacidade deste nó (nesta máquina, carga ${mixed.load.toFixed(1)}): ~${Math.floor((mixed.rps * THINK_SECONDS) / 100) * 100} ` +
          `usuários ativos ao mesmo tempo. Modelo: um usuário ativo faz uma requisição à API a cada ${THINK_SECONDS} s, ` +
          `na mistura acima (${rps(mixed.rps)} × ${THINK_SECONDS} s), com p95 de ${ms(mixed.p95)}. Arquivos do app e ` +
          `imagens não entram na conta: vêm do cache do navegador, do service worker ou de uma CDN.`,
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
    return verdicts.every(Boolean)
  } finally {
    if (pb) await pb.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (ok) => process.exit(ok ? 0 : 1),
    (err) => {
      console.error(err)
      process.exit(2)
    },
  )
}
