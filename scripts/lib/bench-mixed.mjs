// npm run bench, the mixed workload at 50 connections (95% reads, 5% votes and comments by 200
// signed-in users) and the capacity line drawn from it.
import { EventSource } from "eventsource"
import PocketBase from "pocketbase"
import { LISTING, FACETS } from "./bench-reads.mjs"
import { MIXED_CONNECTIONS, MIXED_WARMUP } from "./bench-load.mjs"
import { ms, rps } from "./bench-report.mjs"
import { HOOKS_POOL } from "./pb-server.mjs"
import { runSql, TAGS } from "./bench-seed.mjs"

const THINK_SECONDS = 10
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

/** The JS VMs the bench's server runs with (bench-load.mjs server: BENCH_HOOKS_POOL, else the default). */
const POOL = Number(process.env.BENCH_HOOKS_POOL || HOOKS_POOL)

/** How many of the mix's users keep the app open during its second run (BENCH_MIXED_LISTENERS). */
export const MIXED_LISTENERS = Number(process.env.BENCH_MIXED_LISTENERS ?? MIXED_USERS)

/**
 * Signed-in users with the app open: each holds a realtime connection subscribed as the app does
 * (the bell's topic and PB_CONNECT, the outbox's reconnect signal). Resolves once all are
 * registered; close() ends them.
 */
export async function openListeners(url, users) {
  globalThis.EventSource ??= EventSource
  const clients = []
  for (const user of users) {
    const pb = new PocketBase(url)
    pb.autoCancellation(false)
    pb.authStore.save(user.token, { id: user.id, collectionName: "users" })
    await pb.realtime.subscribe("PB_CONNECT", () => {})
    await pb.realtime.subscribe("vitrine/notifications", () => {})
    clients.push(pb)
  }
  return { close: () => Promise.all(clients.map((pb) => pb.realtime.unsubscribe().catch(() => {}))) }
}

/**
 * Active users one node holds: one request to the API per user every THINK_SECONDS, in the mix;
 * and the mix again with MIXED_LISTENERS of its users keeping the app open (`listening`).
 */
export function capacityLine(mixed, listening) {
  // each request in flight holds up to 3 VMs (the global middleware, the route, a write's hooks)
  const busy = MIXED_CONNECTIONS * 3
  const open = listening
    ? ` Com ${MIXED_LISTENERS} desses usuários logados com o app aberto (uma conexão de tempo real cada), ` +
      `${rps(listening.rps)} (${((100 * listening.rps) / mixed.rps).toFixed(0)}% da mistura sem elas), p95 ${ms(listening.p95)}. ` +
      `Cada aba aberta de um usuário logado ocupa uma das ${POOL} VMs JavaScript do nó enquanto está aberta ` +
      `(--hooksPool): ~${POOL - busy} abertas ao mesmo tempo ao lado de ${MIXED_CONNECTIONS} pedidos (até 3 VMs cada); além disso, ` +
      `cada pedido cria uma VM.`
    : ""
  return (
    `\nCapacidade deste nó (nesta máquina, carga ${mixed.load.toFixed(1)}): ~${Math.floor((mixed.rps * THINK_SECONDS) / 100) * 100} ` +
    `usuários ativos ao mesmo tempo. Modelo: um usuário ativo faz uma requisição à API a cada ${THINK_SECONDS} s, ` +
    `na mistura acima (${rps(mixed.rps)} × ${THINK_SECONDS} s), com p95 de ${ms(mixed.p95)}, medida com o nó em regime; ` +
    `nos primeiros ${MIXED_WARMUP} s depois de iniciado (VMs e caches de páginas frios), ${rps(mixed.warmupRps)}.${open} Arquivos do app e ` +
    `imagens não entram na conta: vêm do cache do navegador, do service worker ou de uma CDN.`
  )
}
