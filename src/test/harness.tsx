// What component tests (*.test.tsx, vitest project "components", jsdom) render into: the app's
// providers around one screen part, a fake PocketBase behind `fetch` (the same URLs the app asks;
// answers as JSON), and a signed-in user in the SDK's auth store. No module of the app is mocked:
// the outbox, the saved copies (fake-indexeddb) and the query cache are the real ones.
import "@testing-library/jest-dom/vitest"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, render, screen } from "@testing-library/react"
import type { ReactNode } from "react"
import { MemoryRouter } from "react-router-dom"
import { vi } from "vitest"
import { Toaster } from "@/components/ui/toast"
import { AuthDialogProvider } from "@/features/auth/components/auth-dialog-provider"
import { AuthProvider } from "@/lib/auth"
import { db } from "@/lib/db"
import { pb } from "@/lib/pocketbase"

// jsdom has no ResizeObserver, and Headless UI's floating lists (the tags suggestions) observe
// their anchor with it: one that never reports is enough here (jsdom lays nothing out)
if (typeof globalThis.ResizeObserver === "undefined") {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

export interface FakeRequest {
  method: string
  path: string
  url: URL
  body: unknown
}
/** A route's answer: JSON (status 200), or `{ status, json }` for anything else. */
export type FakeAnswer = unknown
type Handler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>

export class Reply {
  constructor(
    readonly status: number,
    readonly json: unknown,
  ) {}
}

/** A fake PocketBase: routes by method and path; anything else answers 404 like the server. */
export function fakeServer() {
  const routes: Array<{ method: string; path: string | RegExp; handler: Handler }> = []
  const requests: FakeRequest[] = []
  const server = {
    requests,
    /** the network is down: every request fails as fetch fails */
    offline: false,
    on(method: string, path: string | RegExp, handler: Handler) {
      routes.unshift({ method, path, handler }) // the latest definition wins
      return server
    },
    /** requests made to `path` (a prefix) */
    count(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path.startsWith(path)).length
    },
  }
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
    const method = (init?.method ?? "GET").toUpperCase()
    if (server.offline) throw new TypeError("Failed to fetch")
    const raw = typeof init?.body === "string" ? init.body : undefined
    const req: FakeRequest = { method, path: url.pathname, url, body: raw ? JSON.parse(raw) : undefined }
    requests.push(req)
    const route = routes.find(
      (r) => r.method === method && (typeof r.path === "string" ? r.path === url.pathname : r.path.test(url.pathname)),
    )
    const answer = route
      ? await route.handler(req)
      : new Reply(404, { status: 404, message: "The requested resource wasn't found.", data: {} })
    const { status, json } = answer instanceof Reply ? answer : { status: 200, json: answer }
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } })
  }
  vi.stubGlobal("fetch", fetchStub)
  // what every signed-in page asks: the session check and the user's roles
  server.on("POST", "/api/collections/users/auth-refresh", () => ({
    token: pb.authStore.token,
    record: pb.authStore.record,
  }))
  server.on("GET", "/api/collections/user_roles/records", () => list([]))
  return server
}

/** A PocketBase list answer. */
export function list(items: unknown[]) {
  return { page: 1, perPage: 1000, totalItems: items.length, totalPages: 1, items }
}

export const USER = {
  id: "u1test000000001",
  collectionId: "_pb_users_auth_",
  collectionName: "users",
  email: "ana@teste.dev",
  display_name: "Ana Teste",
  username: "anateste",
  bio: "",
  avatar: "",
  verified: true,
  created: "2026-01-01 10:00:00.000Z",
}

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "")

/** Signs the test user in on this "device" (a token valid for two days, as PocketBase issues). */
export function signIn(user: typeof USER = USER) {
  const exp = Math.floor(Date.now() / 1000) + 2 * 24 * 3600
  const token = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ id: user.id, type: "auth", collectionId: user.collectionId, exp })}.sig`
  pb.authStore.save(token, user)
}

/** Renders `ui` inside the app's providers (a fresh QueryClient without retries, a router, toasts). */
export function renderApp(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, networkMode: "always" }, mutations: { networkMode: "always" } },
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AuthDialogProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          <Toaster />
        </AuthDialogProvider>
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
}

/** Between tests: no toast left over, unmounted, signed out, an empty device database, the real fetch. */
export async function resetDevice() {
  // the toasts are one store for the whole module graph: close the ones still showing
  act(() => screen.queryAllByRole("button", { name: "Fechar aviso" }).forEach((close) => close.click()))
  cleanup()
  pb.authStore.clear()
  vi.unstubAllGlobals()
  await Promise.all(db.tables.map((t) => t.clear()))
}
