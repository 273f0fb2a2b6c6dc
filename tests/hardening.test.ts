// Input and output hardening on the real server (issue 12): the text rules the app uses too
// (pb_hooks/lib/text.js: user-perceived lengths, no control characters, no invisible-only text,
// one URL rule, tags split on commas), refused with the same Portuguese messages, nothing stored.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
import { DESCRIPTION, fieldMessage as rawMessage, images, refusal, submitProduct } from "./helpers/products"

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
