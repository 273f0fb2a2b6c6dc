// Staff operations against the real server: who may call each one (signed out, plain user,
// moderator, admin), and what approve, reject and role changes do and refuse.
import type PocketBase from "pocketbase"
import { ClientResponseError } from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"

type Person = { pb: PocketBase; id: string }
let be: TestBackend
let maker: Person, plain: Person, mod: Person, adm: Person
let seq = 0

beforeAll(async () => {
  be = await startBackend()
  ;[maker, plain, mod, adm] = await Promise.all([
    be.user("Maker Pendente"),
    be.user("Usuária Comum"),
    be.user("Moderadora", ["moderator"]),
    be.user("Administradora", ["admin"]),
  ])
})
afterAll(async () => {
  await be?.stop()
})

async function product(status: "pending" | "approved" | "rejected" = "pending") {
  seq += 1
  return be.admin.collection("products").create({
    slug: `pendente-${seq}`,
    title: `Produto pendente ${seq}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status,
    created_by: maker.id,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
}

async function status(fn: () => Promise<unknown>): Promise<number> {
  try {
    await fn()
    return 200
  } catch (err) {
    if (err instanceof ClientResponseError) return err.status
    throw err
  }
}
const send = (pb: PocketBase, path: string, method = "GET", body?: object) => pb.send(path, { method, body })
const logsFor = (targetId: string) =>
  be.admin.collection("moderation_log").getFullList({ filter: `target_id = "${targetId}"`, sort: "created" })
const notificationsOf = (user: string) =>
  be.admin.collection("notifications").getFullList({ filter: `user = "${user}"`, sort: "created" })

describe("authorization matrix: staff operations", () => {
  type Who = "anon" | "user" | "moderator" | "admin"
  const as = (who: Who) => (who === "anon" ? be.anon() : { user: plain, moderator: mod, admin: adm }[who].pb)
  // one fresh target per attempt, so an accepted call never changes what the next actor sees
  const operations: Array<[string, (pb: PocketBase) => Promise<unknown>, Record<Who, number>]> = [
    ["stats", (pb) => send(pb, "/api/vitrine/admin/stats"), { anon: 403, user: 403, moderator: 200, admin: 200 }],
    [
      "approve a product",
      async (pb) => send(pb, `/api/vitrine/admin/products/${(await product()).id}/approve`, "POST"),
      { anon: 403, user: 403, moderator: 200, admin: 200 },
    ],
    [
      "reject a product",
      async (pb) =>
        send(pb, `/api/vitrine/admin/products/${(await product()).id}/reject`, "POST", { reason: "Link quebrado." }),
      { anon: 403, user: 403, moderator: 200, admin: 200 },
    ],
    [
      "review a report",
      async (pb) => {
        const p = await product("approved")
        const f = await be.admin
          .collection("flags")
          .create({ target_type: "product", product: p.id, reporter: plain.id, reason: "Conteúdo enganoso aqui." })
        return send(pb, `/api/vitrine/flags/${f.id}/review`, "POST", { action: "dismiss" })
      },
      { anon: 403, user: 403, moderator: 200, admin: 200 },
    ],
    ["list users", (pb) => send(pb, "/api/vitrine/admin/users"), { anon: 403, user: 403, moderator: 403, admin: 200 }],
    [
      "assign a role",
      async (pb) =>
        send(pb, `/api/vitrine/admin/users/${(await be.user("Alvo")).id}/roles`, "POST", { role: "moderator" }),
      { anon: 403, user: 403, moderator: 403, admin: 200 },
    ],
    [
      "revoke a role",
      async (pb) =>
        send(pb, `/api/vitrine/admin/users/${(await be.user("Alvo Mod", ["moderator"])).id}/roles/moderator`, "DELETE"),
      { anon: 403, user: 403, moderator: 403, admin: 200 },
    ],
  ]
  const cases = operations.flatMap(([what, call, outcomes]) =>
    (Object.entries(outcomes) as Array<[Who, number]>).map(([who, expected]) => [what, who, call, expected] as const),
  )
  it.each(cases)("%s as %s", async (_what, who, call, expected) => {
    const logsBefore = (await be.admin.collection("moderation_log").getList(1, 1)).totalItems
    expect(await status(() => call(as(who)))).toBe(expected)
    const logsAfter = (await be.admin.collection("moderation_log").getList(1, 1)).totalItems
    // every accepted write is logged; a refused one leaves no trace
    const writes = !["stats", "list users"].includes(_what)
    expect(logsAfter - logsBefore).toBe(expected === 200 && writes ? 1 : 0)
  })
})

describe("statistics", () => {
  it("counts what the spec lists, in one request", async () => {
    const s = await send(mod.pb, "/api/vitrine/admin/stats")
    const counts = async (collection: string, filter = "") =>
      (await be.admin.collection(collection).getList(1, 1, { filter })).totalItems
    expect(s).toEqual({
      approvedProducts: await counts("products", 'status = "approved"'),
      pendingProducts: await counts("products", 'status = "pending"'),
      rejectedProducts: await counts("products", 'status = "rejected"'),
      totalUsers: await counts("users"),
      totalVotes: await counts("votes"),
      totalComments: await counts("comments", "is_deleted = false"),
      openFlags: await counts("flags", 'status = "open"'),
    })
  })
})

describe("product moderation", () => {
  it("approve publishes, notifies the maker and logs; a second approve is refused", async () => {
    const p = await product()
    const before = Date.now()
    const res = await send(mod.pb, `/api/vitrine/admin/products/${p.id}/approve`, "POST")
    expect(res).toMatchObject({ id: p.id, status: "approved" })
    const stored = await be.admin.collection("products").getOne(p.id)
    expect(stored.status).toBe("approved")
    expect(new Date(stored.published_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    const notes = await notificationsOf(maker.id)
    expect(notes.filter((n) => n.product === p.id).map((n) => [n.type, n.payload])).toEqual([
      ["product_approved", { product_id: p.id, product_slug: p.slug, product_title: p.title }],
    ])
    expect((await logsFor(p.id)).map((l) => [l.action, l.admin, l.target_type])).toEqual([
      ["approve_product", mod.id, "product"],
    ])
    // twice: refused with a message, nothing repeated
    await expect(send(adm.pb, `/api/vitrine/admin/products/${p.id}/approve`, "POST")).rejects.toMatchObject({
      status: 400,
      message: "Este produto não está pendente de aprovação.",
    })
    expect((await logsFor(p.id)).length).toBe(1)
    expect((await notificationsOf(maker.id)).filter((n) => n.product === p.id).length).toBe(1)
  })

  it("reject needs a reason, stores it, tells the maker and logs it", async () => {
    const p = await product()
    for (const reason of ["", "   "])
      await expect(
        send(mod.pb, `/api/vitrine/admin/products/${p.id}/reject`, "POST", { reason }),
      ).rejects.toMatchObject({
        status: 400,
        response: { data: { reason: { message: "Informe o motivo da rejeição." } } },
      })
    await expect(
      send(mod.pb, `/api/vitrine/admin/products/${p.id}/reject`, "POST", { reason: "x".repeat(501) }),
    ).rejects.toMatchObject({ status: 400 })
    expect((await be.admin.collection("products").getOne(p.id)).status).toBe("pending")

    await send(mod.pb, `/api/vitrine/admin/products/${p.id}/reject`, "POST", { reason: "  Link fora do ar.  " })
    const stored = await be.admin.collection("products").getOne(p.id)
    expect([stored.status, stored.rejection_reason, stored.published_at]).toEqual(["rejected", "Link fora do ar.", ""])
    const note = (await notificationsOf(maker.id)).find((n) => n.product === p.id)!
    expect([note.type, note.payload.reason]).toEqual(["product_rejected", "Link fora do ar."])
    expect((await logsFor(p.id)).map((l) => [l.action, l.metadata.reason])).toEqual([
      ["reject_product", "Link fora do ar."],
    ])
    // a decided product cannot be decided again, either way
    await expect(send(mod.pb, `/api/vitrine/admin/products/${p.id}/approve`, "POST")).rejects.toMatchObject({
      status: 400,
    })
  })

  it("only pending products can be decided; an unknown one is 404", async () => {
    const approved = await product("approved")
    await expect(
      send(mod.pb, `/api/vitrine/admin/products/${approved.id}/reject`, "POST", { reason: "Mudei de ideia." }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(send(mod.pb, `/api/vitrine/admin/products/naoexiste12345/approve`, "POST")).rejects.toMatchObject({
      status: 404,
    })
  })

  it("two moderators approving at once: one wins, one log entry, one notification", async () => {
    const p = await product()
    const results = await Promise.allSettled([
      send(mod.pb, `/api/vitrine/admin/products/${p.id}/approve`, "POST"),
      send(adm.pb, `/api/vitrine/admin/products/${p.id}/approve`, "POST"),
    ])
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1)
    expect((await logsFor(p.id)).length).toBe(1)
    expect((await notificationsOf(maker.id)).filter((n) => n.product === p.id).length).toBe(1)
  })
})

describe("roles", () => {
  it("admins list users newest first, searching name, username and e-mail case-insensitively", async () => {
    const u = await be.user("Zélia Procurada")
    const first = await send(adm.pb, "/api/vitrine/admin/users")
    expect(first.items[0].id).toBe(u.id)
    const rec = await be.admin.collection("users").getOne(u.id)
    const find = async (q: string) =>
      (await send(adm.pb, `/api/vitrine/admin/users?q=${encodeURIComponent(q)}`)).items as Array<{
        id: string
        email: string
      }>
    for (const q of ["ZÉLIA PROC", (rec.username as string).toUpperCase(), (rec.email as string).toUpperCase()])
      expect((await find(q)).map((i) => i.id)).toContain(u.id)
    expect((await find(rec.email as string)).map((i) => i.email)).toEqual([rec.email])
    const none = await send(adm.pb, "/api/vitrine/admin/users?q=ninguem-com-este-nome")
    expect(none).toMatchObject({ items: [], hasMore: false })
    const withRoles = await send(adm.pb, `/api/vitrine/admin/users?q=${encodeURIComponent("Moderadora")}`)
    expect(withRoles.items.find((i: { id: string }) => i.id === mod.id).roles).toEqual(["moderator"])
  })

  it("assign and revoke are logged; holding twice, missing roles and unknown roles are refused", async () => {
    const u = await be.user("Futura Moderadora")
    const path = `/api/vitrine/admin/users/${u.id}/roles`
    expect(await send(adm.pb, path, "POST", { role: "moderator" })).toEqual({ roles: ["moderator"] })
    await expect(send(adm.pb, path, "POST", { role: "moderator" })).rejects.toMatchObject({
      status: 400,
      response: { data: { role: { message: "Este usuário já tem esta role." } } },
    })
    await expect(send(adm.pb, path, "POST", { role: "superuser" })).rejects.toMatchObject({ status: 400 })
    // the new moderator can use staff operations right away
    const asMod = await be.admin.collection("users").impersonate(u.id, 600)
    expect(await status(() => send(asMod, "/api/vitrine/admin/stats"))).toBe(200)
    expect(await send(adm.pb, `${path}/moderator`, "DELETE")).toEqual({ roles: [] })
    await expect(send(adm.pb, `${path}/moderator`, "DELETE")).rejects.toMatchObject({ status: 404 })
    expect(await status(() => send(asMod, "/api/vitrine/admin/stats"))).toBe(403)
    expect((await logsFor(u.id)).map((l) => [l.action, l.metadata.role, l.target_type])).toEqual([
      ["assign_role", "moderator", "user"],
      ["revoke_role", "moderator", "user"],
    ])
  })

  it("nobody changes their own roles, and the last admin stays", async () => {
    await expect(send(adm.pb, `/api/vitrine/admin/users/${adm.id}/roles/admin`, "DELETE")).rejects.toMatchObject({
      status: 403,
      message: "Você não pode alterar as próprias roles.",
    })
    await expect(
      send(adm.pb, `/api/vitrine/admin/users/${adm.id}/roles`, "POST", { role: "moderator" }),
    ).rejects.toMatchObject({ status: 403 })

    // two admins revoking each other at the same moment: one revocation happens, never both
    const other = await be.user("Outra Admin", ["admin"])
    const results = await Promise.allSettled([
      send(adm.pb, `/api/vitrine/admin/users/${other.id}/roles/admin`, "DELETE"),
      send(other.pb, `/api/vitrine/admin/users/${adm.id}/roles/admin`, "DELETE"),
    ])
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1)
    const admins = await be.admin.collection("user_roles").getFullList({ filter: 'role = "admin"' })
    expect(admins.length).toBeGreaterThanOrEqual(1)
    // put things back for the other tests: whoever lost the role gets it again from the superuser
    for (const who of [adm, other])
      if (!admins.some((r) => r.user === who.id))
        await be.admin.collection("user_roles").create({ user: who.id, role: "admin" })
  })

  it("refuses to remove the last admin even when asked by another admin's token", async () => {
    // the only admin besides the caller is removed first by the superuser; then the caller tries
    // to revoke an admin that does not exist as the last one: the rule is counted in the server
    const lone = await be.user("Admin Solitária", ["admin"])
    const everyAdmin = await be.admin.collection("user_roles").getFullList({ filter: 'role = "admin"' })
    for (const r of everyAdmin) if (r.user !== lone.id) await be.admin.collection("user_roles").delete(r.id)
    const target = await be.user("Alvo Admin")
    await be.admin.collection("user_roles").create({ user: target.id, role: "admin" })
    // two admins now: lone and target; lone may revoke target (2 -> 1) ...
    await send(lone.pb, `/api/vitrine/admin/users/${target.id}/roles/admin`, "DELETE")
    // ... and target, no longer admin, may not act; lone, the last admin, cannot be removed by anyone
    await expect(send(target.pb, `/api/vitrine/admin/users/${lone.id}/roles/admin`, "DELETE")).rejects.toMatchObject({
      status: 403,
    })
    expect((await be.admin.collection("user_roles").getFullList({ filter: 'role = "admin"' })).length).toBe(1)
    for (const r of everyAdmin)
      if (r.user !== lone.id) await be.admin.collection("user_roles").create({ user: r.user, role: "admin" })
  })
})
