// Demo data (`npm run seed`, and `npm start` on an empty database): makers, staff, 40 products with
// generated images, votes, threaded comments, reports, notifications and a moderation log, so a
// fresh start shows a living site. Content: lib/demo-data.mjs; who does what and when: lib/demo-plan.mjs.
// Every record has a fixed id, so a second run finds everything in place and changes nothing, and
// an interrupted run resumes. Timestamps are then spread over the last 60 days with superuser SQL,
// since PocketBase always stamps `created` itself. Never runs with NODE_ENV=production or DEMO_DATA=0.
import path from "node:path"
import { pathToFileURL } from "node:url"
import PocketBase from "pocketbase"
import { CATEGORIES, DEMO_PASSWORD, TAGS, USERS } from "./lib/demo-data.mjs"
import { demoId, planDemo, stamp } from "./lib/demo-plan.mjs"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { makePng } from "./lib/png.mjs"
import { superuserFor } from "./lib/superuser.mjs"

/** Sign-ins to show in the README and to use in tests: one admin, one moderator, one maker. */
export const DEMO_LOGINS = [
  ["admin", "marina"],
  ["moderator", "rafael"],
  ["maker", "anasouza"],
].map(([role, key]) => {
  const user = USERS.find((u) => u.key === key)
  return { role, name: user.name, email: user.email, password: DEMO_PASSWORD }
})

const CONCURRENCY = 4

/** Why demo data must not be loaded here, or null when it may. */
function refusal(env = process.env) {
  if (env.NODE_ENV === "production") return "NODE_ENV=production: dados de demonstração nunca entram em produção."
  if (env.DEMO_DATA === "0") return "DEMO_DATA=0: dados de demonstração desativados."
  return null
}

/** Runs fn over items, a few at a time: PocketBase handles parallel writes, one by one is slow. */
async function eachLimit(items, fn) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++])
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
}

const DEMO = { filter: 'id ~ "demo%"', fields: "id" }

/** Categories and tags are found by their unique slug or name first, so ones made by hand are reused. */
async function ensureLookups(pb, created) {
  const ensure = async (collection, kind, wanted, key) => {
    const existing = await pb.collection(collection).getFullList()
    const ids = {}
    await eachLimit(wanted, async (body) => {
      const id = demoId(kind, wanted.indexOf(body) + 1)
      const found = existing.find((r) => r[key] === body[key] || r.name === body.name)
      ids[body[key]] = found?.id ?? (await pb.collection(collection).create({ id, ...body })).id
      if (!found) created.push({ collection, id })
    })
    return ids
  }
  const tags = TAGS.map((name) => ({ name }))
  return {
    categoryIds: await ensure("categories", "cat", CATEGORIES, "slug"),
    tagIds: await ensure("tags", "tag", tags, "name"),
  }
}

const toFiles = (files = {}) =>
  Object.fromEntries(
    Object.entries(files).map(([field, list]) => [
      field,
      list.map((f) => new File([makePng(f.width, f.height, f.seed)], f.name, { type: "image/png" })),
    ]),
  )

/**
 * Creates the planned records that are not there yet, collection by collection (replies after the
 * comments they answer). Notifications are matched by what they say, not by id: a server hook that
 * notifies on votes or comments must not make the seed notify twice.
 */
async function createMissing(pb, records, created) {
  const notificationKey = (n) => [n.user, n.type, n.product, n.actor, n.comment].join("|")
  const waves = [
    ["users"],
    ["user_roles"],
    ["products"],
    ["product_tags"],
    ["votes"],
    ["comments", (b) => !b.parent],
    ["comments", (b) => !!b.parent],
    ["flags"],
    ["notifications"],
    ["moderation_log"],
  ]
  for (const [collection, only = () => true] of waves) {
    const existing = new Set((await pb.collection(collection).getFullList(DEMO)).map((r) => r.id))
    if (collection === "notifications") {
      const opts = { filter: 'product ~ "demoprd%"', fields: "id,user,type,product,actor,comment,created" }
      const byKey = new Map()
      for (const n of await pb.collection(collection).getFullList(opts)) {
        existing.add(notificationKey(n))
        byKey.set(notificationKey(n), n)
      }
      await adoptHookNotifications(pb, records, byKey, created)
    }
    const missing = records.filter(
      (r) =>
        r.collection === collection &&
        only(r.body) &&
        !existing.has(r.body.id) &&
        !existing.has(notificationKey(r.body)),
    )
    await eachLimit(missing, async (r) => {
      try {
        await pb.collection(collection).create({ ...r.body, ...toFiles(r.files) })
      } catch (err) {
        const details = JSON.stringify(err.response?.data ?? {})
        throw new Error(`${collection} ${r.body.id}: ${err.message} ${details}`, { cause: err })
      }
      created.push({ collection, id: r.body.id, created: r.created })
    })
  }
}

/**
 * Notifications the server's hooks made for the demo votes and comments carry "now" and unread;
 * give them the planned read state and moment (only while still fresh, so a re-run changes nothing).
 */
async function adoptHookNotifications(pb, records, byKey, created) {
  const fresh = (n, planned) => Math.abs(Date.parse(n.created.replace(" ", "T")) - planned) > 60_000
  const planned = records.filter((r) => r.collection === "notifications")
  await eachLimit(planned, async (r) => {
    const made = byKey.get([r.body.user, r.body.type, r.body.product, r.body.actor, r.body.comment].join("|"))
    if (!made || made.id === r.body.id || !fresh(made, r.created)) return
    await pb.collection("notifications").update(made.id, { is_read: r.body.is_read })
    created.push({ collection: "notifications", id: made.id, created: r.created })
  })
}

/** Moves `created`/`updated` of the records made in this run to their planned moments. */
async function backdate(pb, created) {
  const timed = created.filter((c) => c.created)
  for (const collection of new Set(timed.map((c) => c.collection))) {
    const rows = timed.filter((c) => c.collection === collection)
    // 80 rows keep each statement under the SQL API's 5000-character limit
    for (let i = 0; i < rows.length; i += 80) {
      // ids and timestamps are generated here (never user input), so inlining them is safe
      const values = rows.slice(i, i + 80).map((c) => `('${c.id}', '${stamp(c.created)}')`)
      await pb.sql.run(
        `UPDATE ${collection} SET created = v.column2, updated = v.column2 FROM (VALUES ${values.join(", ")}) AS v ` +
          `WHERE ${collection}.id = v.column1`,
      )
    }
  }
}

/** vote_count and comment_count are kept by hooks; the seed checks they match the rows. */
async function verifyCounters(pb) {
  const products = await pb.collection("products").getFullList({ ...DEMO, fields: "id,title,vote_count,comment_count" })
  const count = async (collection, filter) => {
    const rows = await pb.collection(collection).getFullList({ filter, fields: "product" })
    return rows.reduce((acc, r) => acc.set(r.product, (acc.get(r.product) ?? 0) + 1), new Map())
  }
  const votes = await count("votes", 'product ~ "demoprd%"')
  const comments = await count("comments", 'product ~ "demoprd%" && is_deleted = false')
  const wrong = products.filter(
    (p) => p.vote_count !== (votes.get(p.id) ?? 0) || p.comment_count !== (comments.get(p.id) ?? 0),
  )
  if (wrong.length) throw new Error(`contadores divergentes em: ${wrong.map((p) => p.title).join(", ")}`)
}

/** How much demo data the database holds, one line per collection, for the final report. */
async function summary(pb) {
  const total = async (collection, filter) =>
    (await pb.collection(collection).getList(1, 1, { filter, fields: "id" })).totalItems
  const line = async (label, collection, details = [], filter = DEMO.filter) => {
    const parts = []
    for (const [text, extra] of details) parts.push(`${await total(collection, `${filter} && ${extra}`)} ${text}`)
    return `${label.padEnd(22)} ${await total(collection, filter)}${parts.length ? ` (${parts.join(", ")})` : ""}`
  }
  const status = (s) => `status = "${s}"`
  return [
    await line("Categorias", "categories", [], ""),
    await line("Tags", "tags", [], ""),
    await line("Usuários", "users"),
    await line("Papéis de equipe", "user_roles"),
    await line("Produtos", "products", [
      ["aprovados", status("approved")],
      ["pendentes", status("pending")],
      ["rejeitados", status("rejected")],
    ]),
    await line("Votos", "votes"),
    await line("Comentários", "comments", [
      ["respostas", 'parent != ""'],
      ["apagados", "is_deleted = true"],
    ]),
    await line("Denúncias", "flags", [["abertas", status("open")]]),
    await line("Notificações", "notifications", [["não lidas", "is_read = false"]]),
    await line("Registro de moderação", "moderation_log"),
  ]
}

/**
 * Seeds a running PocketBase at `url` as superuser. Safe to repeat: only missing demo records are
 * created. Returns how many records were created and the report lines.
 * @param {{url: string, superuser: {email: string, password: string}, log?: (line: string) => void}} opts
 */
export async function seed({ url, superuser, log = console.log }) {
  const refused = refusal()
  if (refused) {
    log(`Seed ignorado. ${refused}`)
    return { skipped: refused, created: 0 }
  }
  const pb = new PocketBase(url)
  pb.autoCancellation(false)
  await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)

  const created = []
  const { categoryIds, tagIds } = await ensureLookups(pb, created)
  await createMissing(pb, planDemo(Date.now(), categoryIds, tagIds), created)
  await backdate(pb, created)
  await verifyCounters(pb)

  const report = await summary(pb)
  log(
    created.length
      ? `Dados de demonstração criados (${created.length} registros novos):`
      : "Os dados de demonstração já estavam no banco; nada foi alterado.",
  )
  for (const line of report) log(`  ${line}`)
  log("\nLogins de demonstração:")
  const row = (role, email, password, name) => `  ${role.padEnd(10)} ${email.padEnd(24)} ${password.padEnd(16)} ${name}`
  log(row("papel", "e-mail", "senha", "nome"))
  for (const l of DEMO_LOGINS) log(row(l.role, l.email, l.password, l.name))
  log(`  Os outros makers (${USERS.filter((u) => !u.role).length - 1}) usam a mesma senha: scripts/lib/demo-data.mjs.`)
  return { created: created.length, report }
}

/** `npm run seed`: starts PocketBase on DATA_DIR (default pb_data, like `npm start`), seeds it, stops it. */
async function main() {
  await import("./lib/load-env.mjs")
  const refused = refusal()
  if (refused) return console.log(`Seed ignorado. ${refused}`)
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || "pb_data")
  const superuser = superuserFor(dataDir)
  const started = Date.now()
  const server = await startPocketBase({ dataDir, superuser })
  try {
    await seed({ url: server.url, superuser })
  } finally {
    await server.stop()
  }
  console.log(`\nBanco: ${dataDir}`)
  const secret = process.env.SUPERUSER_PASSWORD ? "SUPERUSER_PASSWORD" : path.join(dataDir, ".superuser.json")
  console.log(`Painel /_/: superusuário ${superuser.email} (senha em ${secret})`)
  console.log(`Concluído em ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
