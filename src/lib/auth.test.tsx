// Every page reads the signed-in user. A session refresh (at start, when back online, every few
// hours) hands the auth store a new copy of the same record: that must not re-render the page (on
// a product page it was one synchronous render of 80-100 ms under a phone's CPU). A record that
// did change (a new name after editing the profile) still reaches the page.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, render, screen } from "@testing-library/react"
import { afterEach, expect, it } from "vitest"
import { AuthProvider, useAuth } from "./auth"
import { pb } from "./pocketbase"

// a token that is not expired (the payload's exp is far away)
const token = `x.${btoa(JSON.stringify({ id: "u1", exp: 4102444800, type: "auth", collectionId: "_pb_users_auth_" }))}.y`
const record = { id: "u1", collectionId: "_pb_users_auth_", collectionName: "users", name: "Ana", username: "ana" }

afterEach(() => {
  cleanup() // first: clearing the session re-renders a mounted provider, after the test's end
  pb.authStore.clear()
})

it("a session refresh with the same record does not re-render the page; a changed one does", async () => {
  pb.authStore.save(token, { ...record })
  let renders = 0
  function Page() {
    renders += 1
    const auth = useAuth()
    // roles: null until the user's roles are read (no server here: they settle as none)
    return <p>{`${(auth.user as unknown as { name: string } | null)?.name} ${auth.roles ? "pronto" : ""}`}</p>
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Page />
      </AuthProvider>
    </QueryClientProvider>,
  )
  expect(await screen.findByText("Ana pronto")).toBeTruthy()
  const before = renders
  await act(async () => pb.authStore.save(token, { ...record }))
  expect(renders).toBe(before)
  await act(async () => pb.authStore.save(token, { ...record, name: "Ana Souza" }))
  expect(await screen.findByText("Ana Souza pronto")).toBeTruthy()
})
