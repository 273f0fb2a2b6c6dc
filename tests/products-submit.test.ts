// Submitting products on the real server, as the app (or an attacker with curl) does: the product
// is stored in review, owned by the caller, with a readable slug (free under concurrency), clean
// tags and its images in order, named by their bytes; every bad input answers 400 with the app's
// Portuguese message under data.<field> and stores nothing; a submission is one transaction
// (product, images, new tags, product_tags). The server is tests/helpers/products-write-fixture.ts.
// Hook messages get a final "." from PocketBase, hence toContain on messages.
import { describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { fieldMessage, images, refusal, submitProduct, type ProductInput } from "./helpers/products"
import {
  be,
  categoryId,
  filesOf,
  maker,
  productsOf,
  storedProductDirs,
  tagExists,
  withWriteBackend,
} from "./helpers/products-write-fixture"

const m = rules.messages
withWriteBackend()

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
