// A session refresh or a sign-in whose answer is cut short (the connection drops mid-body, or the
// page is left while it arrives: e2e caught a user signed out by opening a product page right after
// /home) fails as a network failure and leaves the stored session as it was. The network here is
// a stand-in for fetch: a 200 whose body breaks off, a proxy's page, a whole 200, a 204, a 401.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { errorMessage, isNetworkError, pb } from "./pocketbase"
import { refreshSession } from "./session"

const tokenOf = (id: string, n: number) =>
  `x.${btoa(JSON.stringify({ id, n, exp: 4102444800, type: "auth", collectionId: "_pb_users_auth_" }))}.y`
const record = { id: "u1", collectionId: "_pb_users_auth_", collectionName: "users", username: "ana" }
const json = { "Content-Type": "application/json" }

/** A 200 whose body starts to arrive, then the connection breaks. */
function cutShort() {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"token":"eyJ'))
      controller.error(new TypeError("terminated"))
    },
  })
  return new Response(body, { status: 200, headers: json })
}

let answer: () => Response
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer()),
  )
  pb.authStore.save(tokenOf("u1", 1), { ...record })
})
afterEach(() => {
  vi.unstubAllGlobals()
  pb.authStore.clear()
})

describe("an answer cut short", () => {
  it("a session refresh: unreachable, the session kept as it was", async () => {
    answer = cutShort
    expect(await refreshSession()).toBe("unreachable")
    expect(pb.authStore.token).toBe(tokenOf("u1", 1))
    expect(pb.authStore.record?.id).toBe("u1")
  })

  it("a sign-in: fails saying the connection failed, nobody's session is replaced", async () => {
    answer = cutShort
    const err = await pb
      .collection("users")
      .authWithPassword("ana@exemplo.com", "senha-123")
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(errorMessage(err)).toBe("Sem conexão com o servidor. Verifique sua internet e tente novamente.")
    expect(pb.authStore.token).toBe(tokenOf("u1", 1))
  })

  it("a session refresh answered by a page that is not the server's (a proxy's 404): the session kept", async () => {
    answer = () =>
      new Response("<html>Não encontrado</html>", { status: 404, headers: { "Content-Type": "text/html" } })
    expect(await refreshSession()).toBe("unreachable")
    expect(pb.authStore.token).toBe(tokenOf("u1", 1))
  })

  it("a session refresh answered with JSON that holds no session: the session kept", async () => {
    answer = () => new Response("{}", { status: 200, headers: json })
    expect(await refreshSession()).toBe("unreachable")
    expect(pb.authStore.token).toBe(tokenOf("u1", 1))
  })

  it("any read: a network failure, not an empty answer", async () => {
    answer = cutShort
    const err = await pb.send("/api/vitrine/products", {}).then(
      () => null,
      (e: unknown) => e,
    )
    expect(isNetworkError(err)).toBe(true)
  })
})

describe("whole answers", () => {
  it("a refresh stores the new token; a 401 ends the session; an empty 204 is no failure", async () => {
    answer = () => new Response(JSON.stringify({ token: tokenOf("u1", 2), record }), { status: 200, headers: json })
    expect(await refreshSession()).toBe("ok")
    expect(pb.authStore.token).toBe(tokenOf("u1", 2))

    answer = () => new Response(null, { status: 204 })
    expect(await pb.send("/api/vitrine/products/p1/vote", { method: "DELETE" })).toEqual({})

    answer = () => new Response(JSON.stringify({ status: 401, message: "x", data: {} }), { status: 401, headers: json })
    expect(await refreshSession()).toBe("dead")
    expect(pb.authStore.token).toBe("")
  })
})
