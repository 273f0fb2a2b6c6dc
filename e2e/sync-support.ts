// What the sync specs (sync.spec.ts, sync-offline.spec.ts) share: in-app navigation, sign-in and
// sign-out through the header, the app's IndexedDB rows and send lock read from the browser, and the
// vote requests a context answered.
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test"
import { adminApi, expectToast } from "./support"

export const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== "desktop", "screen-independent: run once")

export const rowsOf = async (collection: string, filter: string) =>
  (await (await adminApi()).collection(collection).getFullList({ filter })).length

export const VOTE_URL = /\/api\/vitrine\/products\/[^/]+\/vote$/

/** Client-side navigation (no reload), as a link inside the app would do. */
export async function gotoInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, "", p)
    window.dispatchEvent(new PopStateEvent("popstate"))
  }, path)
}

/**
 * Signs in through the login dialog: opened from the header's "Entrar", or, with `opened`, the one
 * the page is already opening (e.g. from the expired-session notice). The caller says which: a
 * check of whether the dialog is showing raced its lazy render, and the header button it then
 * clicked was inert behind the dialog that appeared.
 */
export async function signInViaDialog(page: Page, email: string, password: string, { opened = false } = {}) {
  const dialog = page.getByRole("dialog", { name: "Entrar" })
  if (!opened) await page.getByRole("banner").getByRole("button", { name: "Entrar" }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel("Email").fill(email)
  await dialog.getByLabel("Senha", { exact: true }).fill(password)
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click()
  await expectToast(page, "Login realizado com sucesso!")
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu da conta" }).click()
  await page.getByRole("menuitem", { name: "Sair" }).click()
  await expect(page.getByRole("banner").getByRole("button", { name: "Entrar" })).toBeVisible()
}

/** Rows of one IndexedDB store of the app, read straight from the browser. */
export function idbRows<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open("vitrine")
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const req = db.transaction(name, "readonly").objectStore(name).getAll()
          req.onsuccess = () => {
            resolve(req.result as T[])
            db.close()
          }
          req.onerror = () => reject(req.error)
        }
      }),
    store,
  )
}

/** The outbox's send lock (LOCK_NAME in src/lib/outbox-policy.ts). */
export const FLUSH_LOCK = "vitrine-outbox-flush"

/** True while some tab holds the outbox's send lock. */
export const flushing = (page: Page) =>
  page.evaluate(async (lock) => ((await navigator.locks.query()).held ?? []).some((l) => l.name === lock), FLUSH_LOCK)

type StartupWatch = {
  __realtimeAt?: number
  __refreshAt: number
  __refreshing: number
  __flushAsked: number[]
  __flushActive: number
}

/**
 * Call before the page's first load: records, in the page, when its realtime connection first
 * answered, when its session refreshes answered, and every outbox send round it asked for. A tab
 * starting up sends the outbox on its own (at start, when realtime connects, when its session is
 * refreshed): a test that needs another tab to be the one sending waits for `startedUp` first.
 */
export async function watchStartup(page: Page) {
  await page.addInitScript((lock) => {
    const w = window as unknown as StartupWatch
    w.__flushAsked = []
    w.__flushActive = 0
    w.__refreshAt = 0
    w.__refreshing = 0
    const request = navigator.locks.request.bind(navigator.locks) as (...args: unknown[]) => Promise<unknown>
    navigator.locks.request = ((name: string, ...rest: unknown[]) => {
      if (name !== lock) return request(name, ...rest)
      w.__flushAsked.push(performance.now())
      w.__flushActive++
      return request(name, ...rest).finally(() => w.__flushActive--)
    }) as typeof navigator.locks.request
    const fetchIt = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
      const refresh = url.includes("/auth-refresh")
      if (refresh) w.__refreshing++
      try {
        const res = await fetchIt(input, init)
        if (res.ok && init?.method === "POST" && url.endsWith("/api/realtime")) w.__realtimeAt ??= performance.now()
        return res
      } finally {
        if (refresh) {
          w.__refreshing--
          w.__refreshAt = performance.now()
        }
      }
    }
  }, FLUSH_LOCK)
}

/**
 * True once the page (watched by `watchStartup`) has done its start-up sends: realtime connected
 * and no session refresh under way, a send round asked for after the later of their answers (the
 * one they start, or the app's own first one), and none under way.
 */
export const startedUp = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as StartupWatch
    if (w.__realtimeAt === undefined || w.__refreshing > 0 || w.__flushActive > 0) return false
    const after = Math.max(w.__realtimeAt, w.__refreshAt)
    return w.__flushAsked.some((t) => t >= after)
  })

/** Vote requests that got an answer, by status. */
export function voteAnswers(context: BrowserContext) {
  const seen: number[] = []
  context.on("requestfinished", async (r) => {
    if (!VOTE_URL.test(r.url()) || r.method() === "OPTIONS") return
    seen.push((await r.response())?.status() ?? 0)
  })
  return seen
}

export async function openProduct(page: Page, slug: string, title: string) {
  await gotoInApp(page, `/products/${slug}`)
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible()
}
