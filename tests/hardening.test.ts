// Input and output hardening on the real server (issue 12): the text rules the app uses too
// (pb_hooks/lib/text.js: user-perceived lengths, no control characters, no invisible-only text,
// one URL rule, tags split on commas), refused with the same Portuguese messages, nothing stored.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
import {
  DESCRIPTION,
  fieldMessage as rawMessage,
  images,
  refusal,
  submitProduct,
  updateProduct,
} from "./helpers/products"

const m = rules.messages
/** The field's message without the '.' PocketBase appends. */
const fieldMessage = (...args: Parameters<typeof rawMessage>) => rawMessage(...args).replace(/\.$/, "")
let be: TestBackend
let maker: { pb: PocketBase; id: string }

beforeAll(async () => {
  be = await startBackend()
  maker = await be.user("Maria Texto")
})
afterAll(async () => {
  await be?.stop()
})

const INVISIBLE = ["\u200b\u200b\u200b\u200b\u200b", "\u202e\u202d\u2066\u2069\u200f", "\u3164\u3164\u3164\u3164\u3164"]
const productsOf = async (userId: string) =>
  (await be.admin.collection("products").getFullList({ filter: be.admin.filter("created_by = {:u}", { u: userId }) }))
    .length

describe("text rules on the server, as in the app", () => {
  it("counts user-perceived characters: 60 emoji are a title; three emoji are not five characters", async () => {
    const ok = await submitProduct(maker.pb, { title: "🚀".repeat(60) })
    expect((await be.admin.collection("products").getOne(ok.id)).title).toBe("🚀".repeat(60))
    const family = await submitProduct(maker.pb, { title: "👨‍👩‍👧‍👦".repeat(100) })
    expect(family.id).toBeTruthy()
    expect(fieldMessage(await refusal(submitProduct(maker.pb, { title: "🚀🚀🚀" })), "title")).toBe(m.titleMin)
    expect(fieldMessage(await refusal(submitProduct(maker.pb, { title: "👨‍👩‍👧‍👦".repeat(101) })), "title")).toBe(m.titleMax)
  })

  it("refuses null bytes and invisible-only text in titles, descriptions and tags; nothing is stored", async () => {
    const before = await productsOf(maker.id)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: "Nome\u0000 do produto" }, "title", m.textControl],
      [{ description: DESCRIPTION + "\u0000" }, "description", m.textControl],
      ...INVISIBLE.map((s): [Record<string, unknown>, string, string] => [{ title: s }, "title", m.textInvisible]),
      [{ description: "\u200b".repeat(60) }, "description", m.textInvisible],
      [{ tags: ["\u200b\u200b"] }, "tags", m.textInvisible],
      [{ tags: ["a\u0000b"] }, "tags", m.textControl],
    ]
    for (const [input, field, message] of cases)
      expect(fieldMessage(await refusal(submitProduct(maker.pb, input)), field), JSON.stringify(input)).toBe(message)
    expect(await productsOf(maker.id)).toBe(before)
  })

  it.each([
    ["https://ex.com/ a", m.urlInvalid],
    ["http://[::1]/app", m.urlInvalid],
    ["https://host:99999", m.urlInvalid],
    ["https://localhost/app", m.urlInvalid],
    ["https://user:senha@exemplo.com", m.urlInvalid],
    ["ftp://exemplo.com", m.urlScheme],
    ["exemplo.com", m.urlInvalid],
  ])("refuses the URL %s with the app's message", async (url, message) => {
    expect(fieldMessage(await refusal(submitProduct(maker.pb, { url })), "url")).toBe(message)
  })

  it("accepts the URLs the app accepts", async () => {
    for (const url of ["https://café.com.br", "https://exemplo.com:8443/app?x=1#topo", "http://192.168.0.10/app"])
      expect((await submitProduct(maker.pb, { url })).id, url).toBeTruthy()
  })

  it("'design, marketing' typed as one tag becomes two", async () => {
    const { id } = await submitProduct(maker.pb, { tags: ["Design, Marketing"] })
    const rows = await be.admin.collection("product_tags").getFullList({ filter: `product = "${id}"`, expand: "tag" })
    expect(rows.map((r) => r.expand?.tag?.name).sort()).toEqual(["design", "marketing"])
  })

  it("comments, names, bios and report reasons follow the same rules", async () => {
    const p = await be.admin.collection("products").create({
      slug: `texto-${Date.now()}`,
      title: "Produto para comentar",
      description: DESCRIPTION,
      url: "https://exemplo.com.br",
      status: "approved",
      created_by: maker.id,
      images: [images.png()],
    })
    const u = await be.user("Comentarista")
    const refused = async (p2: Promise<unknown>, field: string) => fieldMessage(await refusal(p2), field)
    expect(
      await refused(
        u.pb.collection("comments").create({ product: p.id, user: u.id, content: "\u200b".repeat(20) }),
        "content",
      ),
    ).toBe(m.textInvisible)
    expect(
      await refused(
        u.pb.collection("comments").create({ product: p.id, user: u.id, content: "Comentário \u0000 com nulo" }),
        "content",
      ),
    ).toBe(m.textControl)
    expect(
      await refused(u.pb.collection("comments").create({ product: p.id, user: u.id, content: "👍👍👍" }), "content"),
    ).toBe(m.commentMin)
    expect(
      await refused(u.pb.collection("users").update(u.id, { display_name: "\u3164\u3164\u3164" }), "display_name"),
    ).toBe(m.textInvisible)
    expect(await refused(u.pb.collection("users").update(u.id, { bio: "bio\u0000" }), "bio")).toBe(m.textControl)
    expect(
      await refused(
        u.pb
          .collection("flags")
          .create({ target_type: "product", product: p.id, reporter: u.id, reason: "\u200b".repeat(12) }),
        "reason",
      ),
    ).toBe(m.textInvisible)
    // an emoji name of 2 characters is a name; 50 family emoji fit the limit of 50
    await u.pb.collection("users").update(u.id, { display_name: "👨‍👩‍👧‍👦".repeat(50) })
    expect((await be.admin.collection("comments").getFullList({ filter: `user = "${u.id}"` })).length).toBe(0)
  })
})

describe("unverified accounts", () => {
  it("a vote counts (and notifies) only once the e-mail is confirmed", async () => {
    const owner = await be.user("Dona Espera")
    const p = await approved(owner.id)
    const fresh = await unverifiedUser("Eleitor Novo")
    const answer = await fresh.pb.send(`/api/vitrine/products/${p.id}/vote`, { method: "PUT" })
    expect(answer).toEqual({ voted: true, vote_count: 0, counted: false })
    expect(await notificationsOf(owner.id, "new_vote")).toBe(0)
    await be.admin.collection("users").update(fresh.id, { verified: true })
    expect((await be.admin.collection("products").getOne(p.id)).vote_count).toBe(1)
    expect(await notificationsOf(owner.id, "new_vote")).toBe(1)
  })

  it("a report reaches staff only once the e-mail is confirmed", async () => {
    const owner = await be.user("Dono Denúncia Tardia")
    const mod = await be.user("Moderadora Atenta", ["moderator"])
    const p = await approved(owner.id)
    const fresh = await unverifiedUser("Denunciante Novo")
    const flag = await fresh.pb.collection("flags").create({
      target_type: "product",
      product: p.id,
      reporter: fresh.id,
      reason: "Este produto copia outro, parece golpe.",
    })
    const staffSees = async () => (await mod.pb.collection("flags").getFullList()).some((f) => f.id === flag.id)
    expect(await staffSees()).toBe(false)
    expect((await fresh.pb.collection("flags").getOne(flag.id)).id).toBe(flag.id) // the reporter sees it
    await be.admin.collection("users").update(fresh.id, { verified: true })
    expect(await staffSees()).toBe(true)
  })
})

describe("tags of products in review", () => {
  it("stay private until a product using them is approved, and go when nothing uses them", async () => {
    const name = `segredo${Date.now().toString(36)}`
    const { id } = await submitProduct(maker.pb, { tags: [name] })
    const anon = be.anon()
    const visible = async () =>
      (await anon.collection("tags").getList(1, 5, { filter: anon.filter("name = {:n}", { n: name }) })).totalItems
    const inFacets = async () =>
      (await anon.send<{ tags: Array<{ name: string }> }>("/api/vitrine/facets", {})).tags.some((t) => t.name === name)
    expect(await visible()).toBe(0)
    expect(await inFacets()).toBe(false)
    await be.admin.collection("products").update(id, { status: "approved" })
    expect(await visible()).toBe(1)
    expect(await inFacets()).toBe(true)
    await maker.pb.collection("products").delete(id)
    expect(
      (await be.admin.collection("tags").getList(1, 1, { filter: be.admin.filter("name = {:n}", { n: name }) }))
        .totalItems,
    ).toBe(0)
  })
})

describe("edits after review", () => {
  it("a rejected product edited goes back to review", async () => {
    const { id } = await submitProduct(maker.pb)
    await be.admin.collection("products").update(id, { status: "rejected", rejection_reason: "Faltou descrição." })
    const res = await updateProduct(maker.pb, id, { title: "Produto corrigido agora" })
    expect(res).toMatchObject({ status: "pending", resubmitted: true })
    expect(await be.admin.collection("products").getOne(id)).toMatchObject({ status: "pending", rejection_reason: "" })
  })

  it("a changed title, URL or pictures of an approved product is logged for staff; a description is not", async () => {
    const { id } = await submitProduct(maker.pb, { title: "Título Original Aprovado" })
    await be.admin.collection("products").update(id, { status: "approved" })
    const logs = () => be.admin.collection("moderation_log").getFullList({ filter: `target_id = "${id}"` })
    await updateProduct(maker.pb, id, {
      title: "Título Original Aprovado",
      description: `${DESCRIPTION} Mais.`,
      images: [],
    })
    expect(await logs()).toHaveLength(0)
    await updateProduct(maker.pb, id, {
      title: "Outro Produto Bem Diferente",
      url: "https://isca.example.com",
      images: [],
    })
    const [entry] = await logs()
    expect(entry).toMatchObject({ action: "edit_product", admin: maker.id, target_type: "product" })
    expect(entry!.metadata).toMatchObject({
      changed: ["title", "url"],
      old_title: "Título Original Aprovado",
      title: "Outro Produto Bem Diferente",
      url: "https://isca.example.com",
    })
    // the record API (allowed to the owner for content fields) is logged the same way
    await maker.pb.collection("products").update(id, { title: "Troca Direta Pela API" })
    expect((await logs()).map((l) => l.metadata.changed)).toContainEqual(["title"])
    expect((await be.admin.collection("products").getOne(id)).status).toBe("approved")
  })
})

describe("staff", () => {
  it("cannot approve or reject their own submissions", async () => {
    const mod = await be.user("Moderador Maker", ["moderator"])
    const { id } = await submitProduct(mod.pb)
    const err = await refusal(mod.pb.send(`/api/vitrine/admin/products/${id}/approve`, { method: "POST" }))
    expect(err.status).toBe(403)
    expect(err.message).toBe(`${m.reviewOwn}.`)
    expect((await be.admin.collection("products").getOne(id)).status).toBe("pending")
  })

  it.each([
    ["display_name", "Suporte Vitrine"],
    ["display_name", "Ana (Equipe Vitrine)"],
    ["display_name", "Administrador"],
    ["username", "admin"],
    ["username", "moderacao"],
    ["username", "vitrine_oficial"],
  ])("a %s that passes for staff (%s) is refused", async (field, value) => {
    const u = await be.user("Pessoa Comum")
    expect(fieldMessage(await refusal(u.pb.collection("users").update(u.id, { [field]: value })), field)).toBe(
      m.nameReserved,
    )
  })
})

const notificationsOf = async (userId: string, type: string) =>
  (await be.admin.collection("notifications").getFullList({ filter: `user = "${userId}" && type = "${type}"` })).length

async function approved(ownerId: string) {
  return be.admin.collection("products").create({
    slug: `aprovado-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    title: "Produto aprovado de teste",
    description: DESCRIPTION,
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: ownerId,
    images: [images.png()],
  })
}

/** A user who has not confirmed the e-mail yet, signed in. */
async function unverifiedUser(name: string) {
  const u = await be.user(name)
  await be.admin.collection("users").update(u.id, { verified: false })
  return u
}
