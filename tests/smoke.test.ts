import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startBackend, type TestBackend } from "./helpers/pocketbase"

let be: TestBackend
beforeAll(async () => {
  be = await startBackend()
})
afterAll(async () => {
  await be?.stop()
})

describe("platform", () => {
  it("answers health and lists the data model collections", async () => {
    const res = await fetch(`${be.url}/api/health`)
    expect(res.status).toBe(200)
    const names = (await be.admin.collections.getFullList()).map((c) => c.name)
    for (const n of [
      "users",
      "user_roles",
      "categories",
      "tags",
      "products",
      "product_tags",
      "votes",
      "comments",
      "flags",
      "notifications",
      "moderation_log",
      "push_subscriptions",
    ]) {
      expect(names).toContain(n)
    }
  })

  it("derives a unique username from the display name when none is given", async () => {
    const a = await be.user("José Conceição")
    const b = await be.user("José Conceição")
    const ra = await be.admin.collection("users").getOne(a.id)
    const rb = await be.admin.collection("users").getOne(b.id)
    expect(ra.username).toBe("jose-conceicao")
    expect(rb.username).toBe("jose-conceicao-2")
  })
})
