import { describe, expect, it } from "vitest"
import type { CommentItem } from "./get-comments"
import { buildThread } from "./thread"

const c = (id: string, parent = ""): CommentItem => ({
  id,
  parent,
  content: `texto ${id}`,
  created: "",
  userId: "u",
  author: { id: "u", displayName: "A", username: "", avatarUrl: "" },
})

describe("buildThread", () => {
  it("nests replies under their parents in order", () => {
    const t = buildThread([c("a"), c("b"), c("a1", "a"), c("a1x", "a1"), c("a2", "a")])
    expect(t.map((n) => n.id)).toEqual(["a", "b"])
    expect(t[0]!.replies.map((n) => n.id)).toEqual(["a1", "a2"])
    expect(t[0]!.replies[0]!.replies.map((n) => n.id)).toEqual(["a1x"])
  })

  it("keeps replies of a removed comment under one placeholder", () => {
    const t = buildThread([c("b"), c("r1", "gone"), c("r2", "gone")])
    expect(t.map((n) => [n.id, n.comment === null])).toEqual([
      ["b", false],
      ["gone", true],
    ])
    expect(t[1]!.replies.map((n) => n.id)).toEqual(["r1", "r2"])
  })
})
