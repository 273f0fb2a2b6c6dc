// The server of the product-write suites (tests/products-submit.test.ts, products-edit.test.ts): a
// real PocketBase with one maker and one category, and readers of what a write left behind (the
// maker's products, a tag, the files in storage). One server per test file: vitest gives each file
// its own copy of this module.
import { readdir } from "node:fs/promises"
import path from "node:path"
import type PocketBase from "pocketbase"
import { afterAll, beforeAll } from "vitest"
import { startBackend, type TestBackend } from "./pocketbase"

// set in beforeAll by withWriteBackend (live bindings: importers see the values once it ran)
export let be: TestBackend
export let maker: { pb: PocketBase; id: string }
export let categoryId: string
let productsCollectionId: string

/** Starts PocketBase with a maker and a category before the file's tests, and stops it after. */
export function withWriteBackend() {
  beforeAll(async () => {
    be = await startBackend()
    maker = await be.user("Maria Maker")
    categoryId = (await be.admin.collection("categories").create({ name: "Educação", slug: "educacao" })).id
    productsCollectionId = (await be.admin.collections.getOne("products")).id
  })
  afterAll(async () => {
    await be?.stop()
  })
}

export const productsOf = async (userId: string) =>
  (await be.admin.collection("products").getFullList({ filter: be.admin.filter("created_by = {:u}", { u: userId }) }))
    .length
export const tagExists = async (name: string) =>
  (await be.admin.collection("tags").getList(1, 1, { filter: be.admin.filter("name = {:n}", { n: name }) }))
    .totalItems > 0
/** The files stored for one product (without the storage's .attrs metadata files). */
export const filesOf = async (id: string) =>
  (await readdir(path.join(be.server.dataDir, "storage", productsCollectionId, id))).filter(
    (f) => !f.endsWith(".attrs"),
  )
/** Every stored product file (one directory per product record). */
export async function storedProductDirs(): Promise<string[]> {
  try {
    return await readdir(path.join(be.server.dataDir, "storage", productsCollectionId))
  } catch {
    return []
  }
}
