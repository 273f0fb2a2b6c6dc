import * as v from "valibot"
import { describe, expect, it } from "vitest"
import { avatarProblem, ProfileSchema, usernameProblem } from "./schemas"

describe("profile schema", () => {
  it("trims, lowercases the username and keeps an empty bio empty", () => {
    const out = v.parse(ProfileSchema, { display_name: "  Ana  ", username: " Ana_Souza ", bio: "  " })
    expect(out).toEqual({ display_name: "Ana", username: "ana_souza", bio: "" })
  })

  it.each([
    ["ab", "Username deve ter no mínimo 3 caracteres"],
    ["a".repeat(21), "Username deve ter no máximo 20 caracteres"],
    ["ana souza", "Apenas letras minúsculas, números, - e _"],
    ["joão", "Apenas letras minúsculas, números, - e _"],
  ])("refuses the username %s", (name, message) => {
    expect(usernameProblem(name)).toBe(message)
  })

  it("accepts a-z, 0-9, - and _", () => {
    expect(usernameProblem("ana-souza_2")).toBeNull()
  })

  it("limits name and bio with the spec messages", () => {
    const issues = (input: object) => v.safeParse(ProfileSchema, input).issues?.map((i) => i.message)
    expect(issues({ display_name: "A", username: "ana", bio: "" })).toEqual(["Nome deve ter no mínimo 2 caracteres"])
    expect(issues({ display_name: "A".repeat(51), username: "ana", bio: "" })).toEqual([
      "Nome deve ter no máximo 50 caracteres",
    ])
    expect(issues({ display_name: "Ana", username: "ana", bio: "x".repeat(501) })).toEqual([
      "Bio deve ter no máximo 500 caracteres",
    ])
  })
})

describe("avatar file check", () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], "foto", { type })

  it("accepts JPG, PNG and WEBP up to 2MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"])
      expect(avatarProblem(file(type, 2 * 1024 * 1024))).toBeNull()
  })

  it("refuses other types and larger files", () => {
    expect(avatarProblem(file("image/gif", 10))).toBe("Apenas JPG, PNG ou WEBP")
    expect(avatarProblem(file("image/png", 2 * 1024 * 1024 + 1))).toBe("Avatar deve ter no máximo 2MB")
  })
})
