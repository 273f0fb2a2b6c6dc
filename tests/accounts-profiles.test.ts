// Other people's accounts on the real server: nobody sees another person's e-mail (list, view,
// filter, expand or maker profile) nor changes their account, the public maker profile with its
// stats over approved products only, and the username availability route. The server is
// tests/helpers/accounts.ts.
import type PocketBase from "pocketbase"
import type { RecordModel } from "pocketbase"
import { beforeAll, describe, expect, it } from "vitest"
import { makePng } from "../scripts/lib/png.mjs"
import { be, pngFile, signIn, withAccountsBackend } from "./helpers/accounts"
import { PASSWORD, pngBlob } from "./helpers/pocketbase"
import { refusal as rejection } from "./helpers/products"

withAccountsBackend()

describe("e-mail privacy and other people's accounts", () => {
  let alice: { pb: PocketBase; id: string }
  let bob: { pb: PocketBase; id: string }
  let aliceEmail: string
  let aliceUsername: string
  beforeAll(async () => {
    alice = await be.user("Alice Privada")
    bob = await be.user("Bob Curioso")
    const rec = await be.admin.collection("users").getOne(alice.id)
    aliceEmail = rec.email as string
    aliceUsername = rec.username as string
    const product = await be.admin.collection("products").create({
      slug: "produto-da-alice",
      title: "Produto da Alice",
      description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
      url: "https://alice.example.com",
      status: "approved",
      created_by: alice.id,
      images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
    })
    await alice.pb
      .collection("comments")
      .create({ product: product.id, user: alice.id, content: "Comentário da própria Alice." })
  })

  it("never shows another person's e-mail: list, view, filter, expand or maker profile", async () => {
    for (const [who, pb] of [
      ["anonymous", be.anon()],
      ["bob", bob.pb],
    ] as const) {
      const list = await pb.collection("users").getFullList()
      const listed = list.find((u) => u.id === alice.id)
      expect(listed?.username, who).toBe(aliceUsername)
      expect(
        list.filter((u) => u.id !== (who === "bob" ? bob.id : "") && "email" in u),
        who,
      ).toEqual([])
      expect("email" in (await pb.collection("users").getOne(alice.id)), who).toBe(false)
      // filtering by e-mail is refused (no way to test whether an address has an account)
      const byEmail = await pb
        .collection("users")
        .getList(1, 1, { filter: pb.filter("email = {:e}", { e: aliceEmail }) })
        .then(
          () => "answered",
          (err: { status: number }) => err.status,
        )
      expect(byEmail, who).toBe(400)

      const products = await pb
        .collection("products")
        .getFullList({ expand: "created_by", filter: 'slug = "produto-da-alice"' })
      const maker = products[0]?.expand?.created_by as RecordModel | undefined
      expect(maker?.id, who).toBe(alice.id)
      expect("email" in maker!, who).toBe(false)
      const comments = await pb.collection("comments").getFullList({ expand: "user" })
      const author = comments.find((c) => c.user === alice.id)?.expand?.user as RecordModel | undefined
      expect(author?.id, who).toBe(alice.id)
      expect("email" in author!, who).toBe(false)

      const profile = (await pb.send(`/api/vitrine/makers/${aliceUsername}`, {})) as Record<string, unknown>
      expect(profile.id, who).toBe(alice.id)
      expect(JSON.stringify(profile), who).not.toContain(aliceEmail)
    }
    // control: the owner does see her own e-mail, so the checks above could fail
    expect((await alice.pb.collection("users").getOne(alice.id)).email).toBe(aliceEmail)
  })

  it("does not let a user change someone else's account", async () => {
    const before = await be.admin.collection("users").getOne(alice.id)
    const attempts = [
      { display_name: "Alice Hackeada" },
      { username: "alice-hackeada" },
      { avatar: pngFile(makePng(16, 16, 1), "x.png") },
      { password: "senha-do-bob-123", passwordConfirm: "senha-do-bob-123", oldPassword: PASSWORD },
    ]
    for (const body of attempts) {
      const err = await rejection(bob.pb.collection("users").update(alice.id, body))
      expect(err.status, Object.keys(body).join()).toBe(404)
    }
    const after = await be.admin.collection("users").getOne(alice.id)
    expect(after).toEqual(before)
    expect((await signIn(aliceEmail, PASSWORD)).record.id).toBe(alice.id)
  })
})

describe("GET /api/vitrine/makers/{username}", () => {
  const profileOf = async (username: string) => {
    const res = await fetch(`${be.url}/api/vitrine/makers/${encodeURIComponent(username)}`)
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it("returns the public profile with stats over approved products only", async () => {
    const maker = await be.user("Maker Estatístico")
    await maker.pb.collection("users").update(maker.id, { bio: "Faço apps com IA." })
    const fans = await Promise.all(["Fã Um", "Fã Dois", "Fã Três"].map((name) => be.user(name)))
    const product = (slug: string, status: string) =>
      be.admin.collection("products").create({
        slug,
        title: `Produto ${slug}`,
        description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
        url: "https://maker.example.com",
        status,
        created_by: maker.id,
        images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
      })
    const a = await product("estat-a", "approved")
    const b = await product("estat-b", "approved")
    const pending = await product("estat-pendente", "pending")
    const rejected = await product("estat-rejeitado", "rejected")
    // votes: 3 on a, 1 on b; the hidden products carry counts that must not be added
    for (const fan of fans) await fan.pb.collection("votes").create({ product: a.id, user: fan.id })
    await fans[0]!.pb.collection("votes").create({ product: b.id, user: fans[0]!.id })
    await be.admin.collection("products").update(pending.id, { vote_count: 50 })
    await be.admin.collection("products").update(rejected.id, { vote_count: 70 })
    // comments: 2 kept on a, 1 deleted on a, 1 on b; 1 on the pending product
    const comment = (p: string, who: { pb: PocketBase; id: string }) =>
      who.pb.collection("comments").create({ product: p, user: who.id, content: "Muito bom este produto!" })
    await comment(a.id, fans[0]!)
    await comment(a.id, fans[1]!)
    const deleted = await comment(a.id, fans[2]!)
    await fans[2]!.pb.collection("comments").update(deleted.id, { is_deleted: true })
    await comment(b.id, maker)
    await be.admin
      .collection("comments")
      .create({ product: pending.id, user: fans[0]!.id, content: "Comentário num produto pendente." })

    const rec = await be.admin.collection("users").getOne(maker.id)
    const { status, body } = await profileOf(rec.username as string)
    expect(status).toBe(200)
    expect(body).toEqual({
      id: maker.id,
      collectionId: rec.collectionId,
      collectionName: "users",
      username: rec.username,
      display_name: "Maker Estatístico",
      bio: "Faço apps com IA.",
      avatar: "",
      created: rec.created,
      stats: { products: 2, votes: 4, comments: 3, memberSince: rec.created, followers: 0 },
    })
    // case-insensitive
    expect((await profileOf((rec.username as string).toUpperCase())).body.id).toBe(maker.id)
  })

  it("answers 404 'Perfil não encontrado.' for an unknown username", async () => {
    expect(await profileOf("ninguem-aqui")).toEqual({
      status: 404,
      body: { status: 404, message: "Perfil não encontrado.", data: {} },
    })
  })
})

describe("GET /api/vitrine/usernames/{username}/available", () => {
  it("says whether a username is free, counting the caller's own as free", async () => {
    const me = await be.user("Dono Do Nome")
    const other = await be.user("Outro Dono")
    const mine = (await be.admin.collection("users").getOne(me.id)).username as string
    const theirs = (await be.admin.collection("users").getOne(other.id)).username as string
    const available = async (username: string, pb: PocketBase) =>
      (
        (await pb.send(`/api/vitrine/usernames/${encodeURIComponent(username)}/available`, {})) as {
          available: boolean
        }
      ).available

    const anon = be.anon()
    const cases: Array<[string, PocketBase, boolean]> = [
      ["nome-livre_1", anon, true],
      ["NOME-LIVRE_2", anon, true], // saved lowercased, so checked lowercased
      [theirs, anon, false],
      [theirs, me.pb, false],
      [theirs.toUpperCase(), me.pb, false],
      [mine, me.pb, true], // unchanged username: available to its owner
      [mine, anon, false],
      ["ab", anon, false],
      ["x".repeat(21), anon, false],
      ["x".repeat(20), anon, true],
      ["com espaço", anon, false],
      ["ponto.final", anon, false],
    ]
    for (const [username, pb, expected] of cases) {
      expect(await available(username, pb), `${username} (${pb === anon ? "anonymous" : "owner"})`).toBe(expected)
    }
  })
})
