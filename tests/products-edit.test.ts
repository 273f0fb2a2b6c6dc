// Editing products and counting their views on the real server: only the owner edits (content,
// images, tags; status, slug and counters stay) or deletes, the same rules hold for an edit and a
// direct patch, a refused edit changes nothing, and the view and click counters are exact under
// concurrency. The server is tests/helpers/products-write-fixture.ts.
// Hook messages get a final "." from PocketBase, hence toContain on messages.
import type PocketBase from "pocketbase"
import { describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import {
  DESCRIPTION,
  fieldMessage,
  images,
  listProducts,
  refusal,
  submitProduct,
  updateProduct,
  type ProductInput,
} from "./helpers/products"
import { be, categoryId, filesOf, maker, tagExists, withWriteBackend } from "./helpers/products-write-fixture"

const m = rules.messages
withWriteBackend()

describe("editing a product", () => {
  async function myProduct(pb: PocketBase, input: ProductInput = {}) {
    const res = await submitProduct(pb, { title: "Produto para editar", tags: ["antiga", "mantida"], ...input })
    return { ...res, record: await be.admin.collection("products").getOne(res.id) }
  }

  it("lets the owner replace the content, remove images and add new ones; status, slug and counters stay", async () => {
    const { id, slug, record } = await myProduct(maker.pb, {
      images: [images.png("um.png"), images.png("dois.png", 2)],
    })
    await be.admin.collection("products").update(id, { status: "approved" })
    await maker.pb.send(`/api/vitrine/products/${id}/view`, { method: "POST" })
    const [first, second] = record.images as string[]

    const res = await updateProduct(maker.pb, id, {
      title: "Título Novo Editado",
      description: `${DESCRIPTION} Agora editada.`,
      url: "http://novo.exemplo.com",
      category: categoryId,
      built_with_epic: true,
      tags: ["Mantida", "NOVA"],
      remove_images: [first!],
      images: [images.jpeg("tres.jpg")],
    })
    expect(res).toEqual({ id, slug, status: "approved", resubmitted: false })

    const p = await be.admin.collection("products").getOne(id)
    expect(p).toMatchObject({
      title: "Título Novo Editado",
      url: "http://novo.exemplo.com",
      category: categoryId,
      built_with_epic: true,
      built_with_lovable: false,
      status: "approved",
      slug,
      view_count: 1,
    })
    expect(p.images).toHaveLength(2)
    expect(p.images[0]).toBe(second)
    expect(p.images[1]).toMatch(/^tres.*\.jpg$/)
    expect((await filesOf(id)).sort()).toEqual([...(p.images as string[])].sort()) // the removed one is gone
    const tags = await be.admin
      .collection("product_tags")
      .getFullList({ filter: be.admin.filter("product = {:p}", { p: id }), sort: "position", expand: "tag" })
    expect(tags.map((t) => (t.expand?.tag as { name: string }).name)).toEqual(["mantida", "nova"])
    // the cards and the product page show the tags as edited, then as renamed by staff
    type Tagged = { id: string; tags: Array<{ id: string; name: string }> }
    const cardTags = async () => {
      const card = (await listProducts(be.anon(), { search: "Título Novo Editado" })).items[0] as unknown as Tagged
      const page = await be.anon().send<Tagged>(`/api/vitrine/products/by-slug/${slug}`, {})
      expect(page.tags).toEqual(card.tags)
      return card.tags
    }
    const nova = tags[1]!.tag as string
    expect(await cardTags()).toEqual([
      { id: tags[0]!.tag, name: "mantida" },
      { id: nova, name: "nova" },
    ])
    await be.admin.collection("tags").update(nova, { name: "renomeada" })
    expect((await cardTags()).map((t) => t.name)).toEqual(["mantida", "renomeada"])
    await be.admin.collection("product_tags").delete(tags[0]!.id)
    expect(await cardTags()).toEqual([{ id: nova, name: "renomeada" }])
  })

  it("refuses anyone but the owner: other users and staff get 403, guests 401, a hidden product 404", async () => {
    const { id } = await myProduct(maker.pb)
    const intruder = await be.user("Intrusa")
    const moderator = await be.user("Moderadora", ["moderator"])
    await be.admin.collection("products").update(id, { status: "approved" })
    for (const pb of [intruder.pb, moderator.pb]) {
      const err = await refusal(updateProduct(pb, id, { title: "Tomado por outra pessoa" }))
      expect(err.status).toBe(403)
      expect(err.message).toContain(m.editForbidden)
    }
    expect((await refusal(updateProduct(be.anon(), id))).status).toBe(401)

    const pending = await myProduct(maker.pb)
    const hidden = await refusal(updateProduct(intruder.pb, pending.id))
    expect(hidden.status).toBe(404)
    expect(hidden.message).toBe("Produto não encontrado.")
    expect((await refusal(updateProduct(intruder.pb, "naoexiste123456"))).status).toBe(404)
    expect((await be.admin.collection("products").getOne(id)).title).toBe("Produto para editar")
  })

  it("still needs 1 to 5 images after the edit, and leaves everything as it was when refused", async () => {
    const { id, record } = await myProduct(maker.pb, { images: [images.png("so.png")] })
    const none = await refusal(updateProduct(maker.pb, id, { remove_images: record.images as string[], images: [] }))
    expect(fieldMessage(none, "images")).toContain(m.imagesMin)
    const six = await refusal(
      updateProduct(maker.pb, id, { images: Array.from({ length: 5 }, (_, i) => images.png(`n${i}.png`, i)) }),
    )
    expect(fieldMessage(six, "images")).toContain(m.imagesMax)
    const bad = await refusal(
      updateProduct(maker.pb, id, { title: "Não deve salvar", tags: ["nao-salva"], images: [images.gifAsPng()] }),
    )
    expect(fieldMessage(bad, "images")).toContain(m.imageType)

    const p = await be.admin.collection("products").getOne(id)
    expect(p.title).toBe("Produto para editar")
    expect(p.images).toEqual(record.images)
    expect(await tagExists("nao-salva")).toBe(false)
    expect(await filesOf(id)).toEqual(record.images)
  })

  it("checks the same rules when the owner patches the record directly", async () => {
    const { id } = await myProduct(maker.pb)
    const err = await refusal(maker.pb.collection("products").update(id, { title: "abc" }))
    expect(fieldMessage(err, "title")).toContain(m.titleMin)
    const scheme = await refusal(maker.pb.collection("products").update(id, { url: "ftp://exemplo.com" }))
    expect(fieldMessage(scheme, "url")).toContain(m.urlScheme)
  })

  it("lets only the owner delete, and the product leaves the listing", async () => {
    const { id } = await myProduct(maker.pb, { title: "Produto que vai sumir" })
    await be.admin.collection("products").update(id, { status: "approved" })
    const intruder = await be.user("Apagadora")
    expect((await refusal(intruder.pb.collection("products").delete(id))).status).toBe(404)
    expect((await listProducts(be.anon(), { search: "sumir" })).items.map((p) => p.id)).toEqual([id])
    await maker.pb.collection("products").delete(id)
    expect((await listProducts(be.anon(), { search: "sumir" })).items).toEqual([])
  })
})

describe("views and clicks", () => {
  it("counts 50 concurrent views exactly and answers the new count", async () => {
    const { id } = await submitProduct(maker.pb, { title: "Produto visto" })
    await be.admin.collection("products").update(id, { status: "approved" })
    expect((await listProducts(be.anon(), { search: "visto" })).items[0]).toMatchObject({ id, view_count: 0 })
    const viewer = await be.user("Visitante")
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        viewer.pb.send<{ view_count: number }>(`/api/vitrine/products/${id}/view`, { method: "POST" }),
      ),
    )
    expect(answers.map((a) => a.view_count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect((await be.admin.collection("products").getOne(id)).view_count).toBe(50)
    const click = await viewer.pb.send(`/api/vitrine/products/${id}/click`, { method: "POST" })
    expect(click).toEqual({ click_count: 1 })
    // cached listings show new view/click counts within 2 seconds
    await expect
      .poll(async () => (await listProducts(be.anon(), { search: "visto" })).items[0], { timeout: 5000, interval: 250 })
      .toMatchObject({ id, view_count: 50, click_count: 1 })
  })

  it("needs a signed-in user who can see the product", async () => {
    const { id } = await submitProduct(maker.pb, { title: "Ainda em análise" })
    const err = await refusal(be.anon().send(`/api/vitrine/products/${id}/view`, { method: "POST" }))
    expect(err.status).toBe(401)
    const stranger = await be.user("Estranho")
    expect((await refusal(stranger.pb.send(`/api/vitrine/products/${id}/click`, { method: "POST" }))).status).toBe(404)
    expect(await maker.pb.send(`/api/vitrine/products/${id}/view`, { method: "POST" })).toEqual({ view_count: 1 })
    expect((await be.admin.collection("products").getOne(id)).click_count).toBe(0)
  })
})
