// The server repeats every check of the app, with the same Portuguese messages (rules.json), and
// a rejected write stores nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type PocketBase from "pocketbase"
import rules from "../pb_hooks/lib/rules.json"
import { PASSWORD, pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"

let be: TestBackend
let productId: string
beforeAll(async () => {
  be = await startBackend()
  const owner = await be.user("Dona do Produto")
  const product = await be.admin.collection("products").create({
    slug: "produto-validacao",
    title: "Produto de validação",
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: owner.id,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
  productId = product.id
})
afterAll(async () => {
  await be?.stop()
})

async function rejection(p: Promise<unknown>) {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; response: { data: Record<string, { message: string }> } } | null
  expect(err, "the write should have been rejected").not.toBeNull()
  return err!
}

const signup = (pb: PocketBase, fields: Record<string, string>) =>
  pb.collection("users").create({ password: PASSWORD, passwordConfirm: PASSWORD, ...fields })

describe("profile fields", () => {
  it("rejects a display name under 2 characters after trimming, and creates no account", async () => {
    const err = await rejection(signup(be.anon(), { email: "curto@vitrine.test", display_name: "  A  " }))
    expect(err.status).toBe(400)
    expect(err.response.data.display_name?.message).toContain(rules.messages.displayNameMin)
    const found = await be.admin.collection("users").getList(1, 1, { filter: 'email = "curto@vitrine.test"' })
    expect(found.totalItems).toBe(0)
  })

  it("rejects a display name over 50 characters", async () => {
    const err = await rejection(signup(be.anon(), { email: "longo@vitrine.test", display_name: "x".repeat(51) }))
    expect(err.response.data.display_name?.message).toContain(rules.messages.displayNameMax)
  })

  it("rejects a taken username, a short one and one with other characters, keeping the old one", async () => {
    const a = await be.user("Primeira Pessoa")
    const b = await be.user("Segunda Pessoa")
    const taken = (await be.admin.collection("users").getOne(a.id)).username as string
    const cases: Array<[string, string]> = [
      [taken, rules.messages.usernameTaken],
      ["ab", rules.messages.usernameMin],
      ["x".repeat(21), rules.messages.usernameMax],
      ["com espaço", rules.messages.usernamePattern],
    ]
    for (const [username, message] of cases) {
      const err = await rejection(b.pb.collection("users").update(b.id, { username }))
      expect(err.response.data.username?.message, username).toContain(message)
    }
    expect((await be.admin.collection("users").getOne(b.id)).username).toBe("segunda-pessoa")
  })

  it("stores a username lowercased and a bio up to 500 characters", async () => {
    const u = await be.user("Terceira Pessoa")
    const saved = await u.pb.collection("users").update(u.id, { username: "Nova_Pessoa", bio: "b".repeat(500) })
    expect(saved.username).toBe("nova_pessoa")
    const err = await rejection(u.pb.collection("users").update(u.id, { bio: "b".repeat(501) }))
    expect(err.response.data.bio?.message).toContain(rules.messages.bioMax)
  })
})

describe("comments and reports", () => {
  it("counts comment length after trimming (10-500) and stores the trimmed text", async () => {
    const u = await be.user("Comentarista")
    const short = await rejection(
      u.pb.collection("comments").create({ product: productId, user: u.id, content: "   curto      " }),
    )
    expect(short.response.data.content?.message).toContain(rules.messages.commentMin)
    const long = await rejection(
      u.pb.collection("comments").create({ product: productId, user: u.id, content: "a".repeat(501) }),
    )
    expect(long.response.data.content?.message).toContain(rules.messages.commentMax)
    const ok = await u.pb
      .collection("comments")
      .create({ product: productId, user: u.id, content: "   Gostei muito do produto!   " })
    expect(ok.content).toBe("Gostei muito do produto!")
    const product = await be.admin.collection("products").getOne(productId)
    expect(product.comment_count).toBe(1)
  })

  it("requires a report reason of 10-500 characters", async () => {
    const u = await be.user("Denunciante")
    const err = await rejection(
      u.pb.collection("flags").create({ target_type: "product", product: productId, reporter: u.id, reason: "ruim" }),
    )
    expect(err.response.data.reason?.message).toContain(rules.messages.flagReasonMin)
    const flags = await be.admin.collection("flags").getList(1, 1, { filter: `reporter = "${u.id}"` })
    expect(flags.totalItems).toBe(0)
  })
})
