// What the service worker (src/sw.ts) does with a push: show it once per job id. The push worker
// delivers at least once (a job may come again after a timeout or a restart), so a repeat of an id
// already shown is dropped: while its notification is on screen (found by its tag), and after that
// from a small cache of the ids shown (the newest SEEN_MAX). An id counts as shown only once its
// notification is: a delivery whose notification could not be shown (no permission at that
// moment, the browser refusing it) leaves nothing behind, so the next delivery of that job shows
// it. Two deliveries of one id at the same time show it once (the second waits for the first, but
// at most HANDLING_WAIT_MS: a first whose browser call never settles must not hold back every later
// delivery of its id for as long as the worker lives; a late second showing the same tag only
// replaces the first's notification).

export interface PushPayload {
  title: string
  body: string
  url: string
  tag: string
  id: string
}

export const SEEN_CACHE = "vitrine-push-seen"
export const SEEN_MAX = 200

/** The parts of the service worker's world this needs (a test gives its own). */
export interface PushWorld {
  registration: Pick<ServiceWorkerRegistration, "getNotifications" | "showNotification">
  caches: Pick<CacheStorage, "open">
}

export function readPush(data: { json(): unknown } | null): PushPayload {
  let p: Partial<PushPayload> = {}
  try {
    p = (data?.json() ?? {}) as Partial<PushPayload>
  } catch {
    /* not JSON: the generic text below */
  }
  const text = (v: unknown) => (typeof v === "string" ? v : "")
  return {
    title: text(p.title) || "Vitrine",
    body: text(p.body) || "Você tem novidades no Vitrine.",
    url: text(p.url),
    tag: text(p.tag),
    id: text(p.id),
  }
}

/** A path of this site; anything else opens the notifications page. */
export function sitePath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/notifications"
}

const seenKey = (id: string) => `/__push-seen/${encodeURIComponent(id)}`

/** True when this job id was shown before: its notification is on screen, or the cache has it. */
async function seenBefore(world: PushWorld, id: string, tag: string): Promise<boolean> {
  const shown = tag ? await world.registration.getNotifications({ tag }) : []
  if (shown.some((n) => (n.data as { id?: string } | null)?.id === id)) return true
  return !!(await (await world.caches.open(SEEN_CACHE)).match(seenKey(id)))
}

/** Remembers a shown id, keeping the newest SEEN_MAX. */
async function remember(world: PushWorld, id: string) {
  const cache = await world.caches.open(SEEN_CACHE)
  await cache.put(seenKey(id), new Response(""))
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - SEEN_MAX)).map((k) => cache.delete(k)))
}

/** Deliveries being handled, by id: a second one of the same id waits for the first (bounded). */
const handling = new Map<string, Promise<void>>()

/** How long a delivery waits for an earlier one of the same id before it goes on. */
export const HANDLING_WAIT_MS = 5_000

/** `p`, or nothing once `ms` have passed. */
function atMost(p: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

/**
 * Shows the push `p` unless its id was shown before. Rejects when the notification could not be
 * shown (the push event's waitUntil then fails, as it should).
 */
export function displayPush(world: PushWorld, p: PushPayload): Promise<void> {
  const show = () =>
    world.registration.showNotification(p.title, {
      body: p.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      lang: "pt-BR",
      ...(p.tag ? { tag: p.tag } : {}),
      data: { url: sitePath(p.url), id: p.id },
    })
  if (!p.id) return show()
  const earlier = handling.get(p.id)
  const run = (earlier ? atMost(earlier, HANDLING_WAIT_MS) : Promise.resolve()).then(async () => {
    if (await seenBefore(world, p.id, p.tag)) return
    await show()
    await remember(world, p.id)
  })
  // what the next delivery of this id waits for: this one's end, shown or not (never a rejection)
  const done: Promise<void> = run.then(
    () => forget(),
    () => forget(),
  )
  const forget = () => {
    if (handling.get(p.id) === done) handling.delete(p.id)
  }
  handling.set(p.id, done)
  return run
}
