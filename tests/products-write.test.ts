// Submitting and editing products on the real server, as the app (or an attacker with curl) does:
// every bad input answers 400 with the app's Portuguese message under data.<field> and stores
// nothing; a submission is one transaction (product, images, new tags, product_tags); only the
// owner edits; the view and click counters are exact under concurrency.
// Hook messages get a final "." from PocketBase, hence toContain on messages.
import { readdir } from "node:fs/promises"
import path from "node:path"
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
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

const m = rules.messages
let be: TestBackend
let maker: { pb: PocketBase; id: string }
let categoryId: string
let productsCollectionId: string

beforeAll(async () => {
  be = await startBackend()
  maker = await be.user("Maria Maker")
  categoryId = (await be.admin.collection("categories").create({ name: "Educação", slug: "educacao" })).id
  productsCollectionId = (await be.admin.collections.getOne("products")).id
})
afterAll(async () => {
  await be?.stop()
})

const productsOf = async (userId: string) =>
  (await be.admin.collection("products").getFullList({ filter: be.admin.filter("created_by = {:u}", { u: userId }) }))
    .length
const tagExists = async (name: string) =>
  (await be.admin.collection("tags").getList(1, 1, { filter: be.admin.filter("name = {:n}", { n: name }) }))
    .totalItems > 0
/** The files stored for one product (without the storage's .attrs metadata files). */
const filesOf = async (id: string) =>
  (await readdir(path.join(be.server.dataDir, "storage", productsCollectionId, id))).filter(
    (f) => !f.endsWith(".attrs"),
  )
/** Every stored product file (one directory per product record). */
async function storedProductDirs(): Promise<string[]> {
  try {
    return await readdir(path.join(be.server.dataDir, "storage", productsCollectionId))
  } catch {
    return []
  }
}

describe("submitting a product", () => {
  it("stores it in review, owned by the caller, with a readable slug, clean tags and the images in order", async () => {
    const other = await be.user("Outra Pessoa")
    const res = await submitProduct(maker.pb, {
      title: "  Educação Fácil  ",
      url: "HTTPS://exemplo.com.br/app",
      category: categoryId,
      built_with_lovable: true,
      tags: ["  IA ", "Educação", "ia", "", "MOBILE"],
      images: [images.png("capa.png"), images.jpeg(), images.webp()],
      created_by: other.id, // ignored: the owner is whoever is signed in
      status: "approved", // ignored
    })
    expect(res.slug).toBe("educacao-facil")

    const p = await be.admin.collection("products").getOne(res.id, { expand: "category" })
    expect(p).toMatchObject({
      title: "Educação Fácil",
      status: "pending",
      created_by: maker.id,
      url: "https://exemplo.com.br/app",
      category: categoryId,
      built_with_lovable: true,
      built_with_epic: false,
      vote_count: 0,
      published_at: "",
    })
    const files = p.images as string[]
    expect(files).toHaveLength(3)
    expect(files[0]).toMatch(/^capa.*\.png$/)
    expect(files[1]).toMatch(/\.jpg$/)
    expect(files[2]).toMatch(/\.webp$/)

    const tags = await be.admin
      .collection("product_tags")
      .getFullList({ filter: be.admin.filter("product = {:p}", { p: res.id }), sort: "position", expand: "tag" })
    expect(tags.map((t) => (t.expand?.tag as { name: string }).name)).toEqual(["ia", "educação", "mobile"])
    expect(tags.map((t) => t.position)).toEqual([0, 1, 2])
  })

  it("names an image after what its bytes are, not what the upload says", async () => {
    const png = new File([await images.png().arrayBuffer()], "foto.gif", { type: "image/gif" })
    const res = await submitProduct(maker.pb, { title: "Imagem renomeada", images: [png] })
    const p = await be.admin.collection("products").getOne(res.id)
    expect(p.images[0]).toMatch(/^foto.*\.png$/)
  })

  it("gives a repeated title the next free slug, also under concurrent submissions", async () => {
    const first = await submitProduct(maker.pb, { title: "Receitas da Vovó!" })
    expect(first.slug).toBe("receitas-da-vovo")
    const more = await Promise.all(
      Array.from({ length: 4 }, () => submitProduct(maker.pb, { title: "Receitas da Vovó!" })),
    )
    expect(more.map((r) => r.slug).sort()).toEqual([
      "receitas-da-vovo-2",
      "receitas-da-vovo-3",
      "receitas-da-vovo-4",
      "receitas-da-vovo-5",
    ])
    const symbols = await submitProduct(maker.pb, { title: "🚀🚀🚀🚀🚀" })
    expect(symbols.slug).toMatch(/^produto(-\d+)?$/)
  })

  it("asks for a signed-in user", async () => {
    const err = await refusal(submitProduct(be.anon()))
    expect(err.status).toBe(401)
    expect(err.message).toContain(m.loginToSubmit)
  })

  const tooMany = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`)
  const badInputs: Array<[string, ProductInput, string, string]> = [
    ["a title of 4 characters after trimming", { title: "  abcd  " }, "title", m.titleMin],
    ["a title of 101 characters", { title: "t".repeat(101) }, "title", m.titleMax],
    ["a description of 49 characters", { description: "d".repeat(49) }, "description", m.descriptionMin],
    ["a description of 1001 characters", { description: "d".repeat(1001) }, "description", m.descriptionMax],
    ["a URL without scheme", { url: "exemplo.com.br" }, "url", m.urlInvalid],
    ["an empty URL", { url: "" }, "url", m.urlInvalid],
    ["a URL with spaces", { url: "https://exem plo.com" }, "url", m.urlInvalid],
    ["a URL without host", { url: "https://" }, "url", m.urlInvalid],
    ["an ftp URL", { url: "ftp://exemplo.com.br" }, "url", m.urlScheme],
    ["a javascript: URL", { url: "javascript:alert(1)" }, "url", m.urlScheme],
    ["no tags", { tags: [] }, "tags", m.tagsMin],
    ["only blank tags", { tags: ["  ", ""] }, "tags", m.tagsMin],
    ["6 tags", { tags: tooMany(6) }, "tags", m.tagsMax],
    ["tags that are not a JSON list", { tags: "ia, mobile" }, "tags", m.tagsInvalid],
    ["a tag of 31 characters", { tags: ["t".repeat(31)] }, "tags", m.tagNameMax],
    ["no image", { images: [] }, "images", m.imagesMin],
    ["6 images", { images: Array.from({ length: 6 }, (_, i) => images.png(`i${i}.png`, i)) }, "images", m.imagesMax],
    ["a GIF named .png", { images: [images.gifAsPng()] }, "images", m.imageType],
    ["text named .jpg", { images: [images.textAsJpeg()] }, "images", m.imageType],
    ["an image over 5 MB", { images: [images.tooBig()] }, "images", m.imageSize],
    ["a category that does not exist", { category: "naoexiste123456" }, "category", m.categoryInvalid],
  ]
  it.each(badInputs)("refuses %s with its message and stores nothing", async (_what, input, field, message) => {
    const before = await productsOf(maker.id)
    const dirs = (await storedProductDirs()).length
    const marker = `marcador-${Math.random().toString(36).slice(2, 10)}`
    const tags = input.tags ?? [marker]
    const err = await refusal(submitProduct(maker.pb, { ...input, tags }))
    expect(err.status).toBe(400)
    expect(fieldMessage(err, field)).toContain(message)
    expect(err.message).toContain(message.replace(/\.$/, ""))
    expect(await productsOf(maker.id)).toBe(before)
    expect(await tagExists(marker)).toBe(false)
    expect((await storedProductDirs()).length).toBe(dirs)
  })

  it("lists every problem of a form at once", async () => {
    const err = await refusal(submitProduct(maker.pb, { title: "abc", description: "curta", url: "ftp://x", tags: [] }))
    expect(fieldMessage(err, "title")).toContain(m.titleMin)
    expect(fieldMessage(err, "description")).toContain(m.descriptionMin)
    expect(fieldMessage(err, "url")).toContain(m.urlScheme)
    expect(fieldMessage(err, "tags")).toContain(m.tagsMin)
  })

  it("is all or nothing: an invalid 3rd image leaves no product, no new tag and no file", async () => {
    const before = await productsOf(maker.id)
    const dirs = await storedProductDirs()
    const err = await refusal(
      submitProduct(maker.pb, {
        title: "Produto atômico",
        tags: ["tag-nova-atomica", "outra-tag-nova"],
        images: [images.png("a.png", 1), images.jpeg("b.jpg"), images.gifAsPng("c.png")],
      }),
    )
    expect(fieldMessage(err, "images")).toContain(m.imageType)
    expect(await productsOf(maker.id)).toBe(before)
    expect(await tagExists("tag-nova-atomica")).toBe(false)
    expect(await tagExists("outra-tag-nova")).toBe(false)
    expect(await storedProductDirs()).toEqual(dirs)
  })

  it("keeps the product's files in storage, and only them", async () => {
    const res = await submitProduct(maker.pb, { title: "Arquivos guardados", images: [images.png(), images.webp()] })
    const p = await be.admin.collection("products").getOne(res.id)
    expect((await filesOf(res.id)).sort()).toEqual([...(p.images as string[])].sort())
  })
})

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
