import { describe, expect, it } from "vitest"
import { newRecordId } from "./ids"

describe("newRecordId", () => {
  it("makes ids PocketBase accepts, different each time", () => {
    const ids = Array.from({ length: 2000 }, newRecordId)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
