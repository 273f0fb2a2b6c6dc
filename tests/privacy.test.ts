// Privacy on the real server (issue 12): no e-mail can be inferred. Anonymous users could sort
// users by e-mail and products by created_by.email, and recover an address by bisection with a
// few sign-ups; now sorting or filtering on e-mail (or any hidden field), directly or through an
// expand path or a realtime subscription, is refused for everyone but the superuser.
import PocketBase, { ClientResponseError } from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { images } from "./helpers/products"
import { startBackend, type TestBackend } from "./helpers/pocketbase"

let be: TestBackend
let alice: { pb: PocketBase; id: string }

beforeAll(async () => {
  be = await startBackend()
  alice = await be.user("Alice Segredo")
  for (const name of ["Bruno", "Carla"]) {
    const u = await be.user(name)
    await be.admin.collection("products").create({
      slug: `produto-${name.toLowerCase()}`,
      title: `Produto de ${name}`,
      description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
      url: "https://exemplo.com.br",
      status: "approved",
      created_by: u.id,
      images: [images.png()],
    })
  }
})
afterAll(async () => {
  await be?.stop()
})

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p
    return 200
  } catch (err) {
    if (err instanceof ClientResponseError) return err.status
    throw err
  }
}

const probes: Array<[string, string, Record<string, string>]> = [
  ["users", "sort by email", { sort: "email" }],
  ["users", "sort by -email", { sort: "-email" }],
  ["users", "filter on email", { filter: "email ~ 'a%'" }],
  ["users", "filter on email:lower", { filter: "email:lower > 'm'" }],
  ["users", "filter on tokenKey", { filter: "tokenKey != ''" }],
  ["users", "filter on password", { filter: "password != ''" }],
  ["products", "sort by created_by.email", { sort: "created_by.email" }],
  ["products", "filter on created_by.email", { filter: "created_by.email ~ 'a'" }],
  ["comments", "filter on user.email", { filter: "user.email ~ 'a'" }],
  ["notifications", "filter on pushed_at", { filter: "pushed_at != ''" }],
]

describe("no e-mail can be inferred", () => {
  it.each(probes)("%s: %s is refused for visitors and users", async (collection, _what, query) => {
    for (const pb of [be.anon(), alice.pb]) {
      expect(await status(pb.collection(collection).getList(1, 50, query))).toBe(400)
    }
  })

  it("the superuser may still sort by e-mail (the admin dashboard)", async () => {
    expect(await status(be.admin.collection("users").getList(1, 5, { sort: "email" }))).toBe(200)
  })

  it("a quoted 'email' inside a value is not a field: filtering by a name that says email works", async () => {
    expect(await status(be.anon().collection("users").getList(1, 5, { filter: "display_name = 'email'" }))).toBe(200)
  })

  it("a realtime subscription cannot filter on e-mail either", async () => {
    const res = await fetch(`${be.url}/api/realtime`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientId: "x",
        subscriptions: [`users?options=${encodeURIComponent(JSON.stringify({ query: { filter: "email ~ 'a'" } }))}`],
      }),
    })
    expect(res.status).toBe(400)
  })
})

describe("pictures of products in review", () => {
  it("are served only to the owner and staff (with a file token); approved ones to anyone", async () => {
    const owner = await be.user("Dona Pendente")
    const other = await be.user("Curioso Outro")
    const mod = await be.user("Moderadora Imagem", ["moderator"])
    const pending = await be.admin.collection("products").create({
      slug: `pendente-${Date.now().toString(36)}`,
      title: "Produto pendente com foto",
      description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
      url: "https://exemplo.com.br",
      status: "pending",
      created_by: owner.id,
      images: [images.png()],
    })
    const file = pending.images[0] as string
    const url = (token?: string, thumb?: string) =>
      `${be.url}/api/files/${pending.collectionId}/${pending.id}/${file}` +
      (token || thumb ? `?${new URLSearchParams({ ...(token ? { token } : {}), ...(thumb ? { thumb } : {}) })}` : "")
    const get = async (u: string, headers: Record<string, string> = {}) => (await fetch(u, { headers })).status

    expect(await get(url())).toBe(404)
    expect(await get(url(undefined, "640x480"))).toBe(404)
    expect(await get(url(await other.pb.files.getToken()))).toBe(404)
    expect(await get(url(await owner.pb.files.getToken()))).toBe(200)
    expect(await get(url(await owner.pb.files.getToken(), "640x480"))).toBe(200)
    expect(await get(url(await mod.pb.files.getToken()))).toBe(200)
    expect(await get(url(), { Authorization: owner.pb.authStore.token })).toBe(200)

    await be.admin.collection("products").update(pending.id, { status: "approved" })
    expect(await get(url())).toBe(200)
  })
})

describe("security headers and CORS", () => {
  it("the app, the API and files carry the security headers; the dashboard keeps what it needs", async () => {
    const appCsp =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
      "font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; media-src 'self'; " +
      "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    for (const p of ["/api/health", "/api/vitrine/products", "/api/collections/products/records"]) {
      const res = await fetch(be.url + p)
      expect(res.headers.get("content-security-policy"), p).toBe(appCsp)
      expect(res.headers.get("referrer-policy"), p).toBe("strict-origin-when-cross-origin")
      expect(res.headers.get("x-frame-options"), p).toBe("DENY")
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff")
      expect(res.headers.get("permissions-policy"), p).toContain("camera=()")
    }
    // a refusal of the password rules too (they run after the headers are set)
    const refused = await fetch(`${be.url}/api/collections/users/records`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "curta@exemplo.com", password: "123", passwordConfirm: "123" }),
    })
    expect(refused.status).toBe(400)
    expect(refused.headers.get("content-security-policy")).toBe(appCsp)
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff")
    const dashboard = await fetch(`${be.url}/_/`)
    expect(dashboard.headers.get("content-security-policy")).toBe("frame-ancestors 'none'")
  })

  it("CORS answers only the app's own origin (and configured extras), never '*'", async () => {
    const preflight = (origin: string) =>
      fetch(`${be.url}/api/collections/users/auth-with-password`, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      })
    const own = await preflight(be.url)
    expect(own.headers.get("access-control-allow-origin")).toBe(be.url)
    const evil = await preflight("https://evil.example")
    expect(evil.headers.get("access-control-allow-origin")).toBeNull()
  })
})

describe("the request log", () => {
  it("keeps writes and failed requests, not the reads that succeed (no visitor's address with every page)", async () => {
    const marker = `marcador${Date.now()}`
    const product = (await be.admin.collection("products").getFirstListItem("slug = 'produto-bruno'")) as {
      id: string
      images: string[]
    }
    const reads = [
      `/api/vitrine/products?search=${marker}`,
      `/api/vitrine/facets?search=${marker}`,
      `/api/collections/products/records?filter=${encodeURIComponent(`title != '${marker}'`)}`,
      `/api/files/products/${product.id}/${product.images[0]}?${marker}=1`,
      `/api/health?${marker}=1`,
    ]
    for (const p of reads) expect((await fetch(be.url + p)).ok, p).toBe(true)
    const missing = await fetch(`${be.url}/api/vitrine/products/by-slug/${marker}-nao-existe`)
    expect(missing.status).toBe(404)
    const signup = `/api/collections/users/records?${marker}=1`
    const write = await fetch(be.url + signup, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `${marker}@exemplo.com`,
        display_name: "Nova Conta",
        password: "senha-segura-123",
        passwordConfirm: "senha-segura-123",
      }),
    })
    expect(write.status, await write.clone().text()).toBe(200)

    // the log is written in batches: wait for the failure, logged after every read above
    const logged = async () =>
      (await be.admin.logs.getList(1, 100, { filter: `data.url ~ '${marker}'` })).items.map((l) => String(l.data.url))
    await expect.poll(logged, { timeout: 15_000 }).toContain(`/api/vitrine/products/by-slug/${marker}-nao-existe`)
    const urls = await logged()
    expect(urls).toContain(signup)
    expect(urls).toHaveLength(2)
  })
})

describe("LGPD self-service", () => {
  it("'Baixar meus dados' gives everything about the user; 'Excluir minha conta' removes it and keeps the threads", async () => {
    const ana = await be.user("Ana Titular")
    const bia = await be.user("Bia Vizinha")
    const anaEmail = (await be.admin.collection("users").getOne(ana.id)).email as string
    const mine = await be.admin.collection("products").create({
      slug: `da-ana-${Date.now().toString(36)}`,
      title: "Produto da Ana",
      description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
      url: "https://exemplo.com.br",
      status: "approved",
      created_by: ana.id,
      images: [images.png()],
    })
    const hers = await be.admin.collection("products").create({
      slug: `da-bia-${Date.now().toString(36)}`,
      title: "Produto da Bia",
      description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
      url: "https://exemplo.com.br",
      status: "approved",
      created_by: bia.id,
      images: [images.png()],
    })
    await ana.pb.send(`/api/vitrine/products/${hers.id}/vote`, { method: "PUT" })
    const anaComment = await ana.pb
      .collection("comments")
      .create({ product: hers.id, user: ana.id, content: "Comentário da Ana no produto da Bia." })
    const biaReply = await bia.pb.collection("comments").create({
      product: hers.id,
      user: bia.id,
      parent: anaComment.id,
      content: "Resposta da Bia ao comentário da Ana.",
    })
    await bia.pb.collection("comments").create({ product: mine.id, user: bia.id, content: "A Bia comentou no da Ana." })
    await ana.pb.collection("flags").create({
      target_type: "product",
      product: hers.id,
      reporter: ana.id,
      reason: "Teste de denúncia para a exportação.",
    })

    const res = await fetch(`${be.url}/api/vitrine/me/export`, { headers: { Authorization: ana.pb.authStore.token } })
    expect(res.headers.get("content-disposition")).toContain("vitrine-meus-dados.json")
    const data = await res.json()
    expect(data.perfil).toMatchObject({ id: ana.id, email: anaEmail, display_name: "Ana Titular" })
    expect(data.produtos.map((p: { id: string }) => p.id)).toEqual([mine.id])
    expect(data.produtos[0].imagens[0]).toContain(`/api/files/`)
    expect(data.votos.map((v: { product: string }) => v.product)).toEqual([hers.id])
    expect(data.comentarios.map((c: { id: string }) => c.id)).toEqual([anaComment.id])
    expect(data.denuncias).toHaveLength(1)
    expect(data.notificacoes.length).toBeGreaterThanOrEqual(1) // Bia commented on Ana's product
    expect(data.seguindo).toEqual([])
    expect((await fetch(`${be.url}/api/vitrine/me/export`)).status).toBe(401)

    const remove = (password: string) => ana.pb.send("/api/vitrine/me/delete", { method: "POST", body: { password } })
    expect(await status(remove("nao-e-a-senha"))).toBe(400)
    expect((await be.admin.collection("users").getOne(ana.id)).id).toBe(ana.id)
    await remove("senha-segura-123")

    expect(await status(be.admin.collection("users").getOne(ana.id))).toBe(404)
    expect(await status(be.admin.collection("products").getOne(mine.id))).toBe(404)
    expect((await be.admin.collection("products").getOne(hers.id)).vote_count).toBe(0)
    // her comment stays, without an author, and the answer to it too
    expect((await be.admin.collection("comments").getOne(anaComment.id)).user).toBe("")
    expect((await be.admin.collection("comments").getOne(biaReply.id)).parent).toBe(anaComment.id)
    expect((await be.admin.collection("flags").getFullList({ filter: `reporter = "${ana.id}"` })).length).toBe(0)
    // her session is over
    expect(await status(ana.pb.collection("users").authRefresh())).toBe(401)
  })
})

describe("a new password", () => {
  it("ends the sessions and drops the user's push devices (a stolen phone stops getting pushes)", async () => {
    const u = await be.user("Dona Do Celular")
    const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) }
    await u.pb.collection("push_subscriptions").create({
      user: u.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/celular-${Date.now()}`,
      ...keys,
    })
    const devices = async () =>
      (await be.admin.collection("push_subscriptions").getFullList({ filter: `user = "${u.id}"` })).length
    expect(await devices()).toBe(1)
    await be.admin.collection("users").update(u.id, { display_name: "Dona Do Celular Novo" })
    expect(await devices()).toBe(1) // other changes keep them
    await be.admin.collection("users").update(u.id, { password: "senha-nova-789", passwordConfirm: "senha-nova-789" })
    expect(await devices()).toBe(0)
    expect(await status(u.pb.collection("users").authRefresh())).toBe(401)
  })
})
