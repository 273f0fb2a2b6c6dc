// npm run bench, seeding: approved products written straight into SQLite through PocketBase's
// superuser SQL API (one INSERT ... WITH RECURSIVE per 10,000 rows: fast, and the FTS and facet
// triggers run as in production; the stemmed search fields are written as the hooks would).
import { readFileSync } from "node:fs"
import path from "node:path"
import vm from "node:vm"
import { ROOT } from "./pb-server.mjs"

/** The server's stemmer (a CommonJS hook module): products are stored with their stemmed text. */
function loadStemmer() {
  const module = { exports: {} }
  const file = path.join(ROOT, "pb_hooks/lib/products-search.js")
  vm.runInNewContext(readFileSync(file, "utf8"), { module, exports: module.exports }, { filename: file })
  return module.exports.stemText
}
const stemText = loadStemmer()

const CHUNK = 10_000
const EXTRA_TAGS = 100

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
export const TAGS = ["ia", "no-code", "lovable", "saas", "educação", "aplicativo", "mobile", "produtividade", "finanças", "saúde",
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

/** One statement through the superuser SQL API (which takes at most 5000 characters). */
export async function runSql(pb, query) {
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
  await mergeSearchIndex(pb)
}

/**
 * The full-text indexes as the server's minute job keeps them (pb_hooks/lib/search-index.js: at
 * most one segment per level): a bulk load leaves about a dozen segments, which the job merges
 * within a few minutes at 100,000 products; the bench runs the same merge at once.
 */
async function mergeSearchIndex(pb) {
  const started = Date.now()
  let first = null
  let last = null
  for (let call = 0; !last?.done; call++) {
    if (call === 20) throw new Error("the search index merge did not finish in 20 calls")
    last = await pb.send("/api/vitrine/admin/search-index", { method: "POST", body: {} })
    first ??= last.before
  }
  const segments = (t) => `${first[t]} → ${last.after[t]}`
  console.log(
    `Índices de busca arrumados como o job de cada minuto os deixa, em ${Date.now() - started} ms ` +
      `(segmentos: products_fts ${segments("products_fts")}, products_fts_recent ${segments("products_fts_recent")})`,
  )
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
