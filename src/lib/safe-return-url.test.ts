import { describe, expect, it } from "vitest"
import { safeReturnUrl } from "./safe-return-url"

describe("safeReturnUrl", () => {
  it.each([
    ["/products/meu-app", "/products/meu-app"],
    ["/home?sort=top#x", "/home?sort=top#x"],
    ["/tags/ia?search=educa%C3%A7%C3%A3o", "/tags/ia?search=educa%C3%A7%C3%A3o"],
  ])("keeps the site path %s", (raw, expected) => {
    expect(safeReturnUrl(raw)).toBe(expected)
  })

  it.each([
    "//evil.example",
    "//evil.example/products/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/a/..//evil.example",
    "",
    null,
  ])("refuses %s", (raw) => {
    expect(safeReturnUrl(raw)).toBe("/")
  })
})
