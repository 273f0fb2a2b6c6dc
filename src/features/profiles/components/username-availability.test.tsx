// The username field of the profile form as its user sees it while typing: 'Verificando
// disponibilidade...' during the pause, then 'Username disponível' or the server's 'taken'
// message; the saved username needs no check, a malformed one is told at once without asking,
// and an unreachable server does not block (the server checks again on save).
import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { messages } from "@/config/rules"
import { fakeServer, renderApp, resetDevice, signIn, USER } from "@/test/harness"
import { ProfileForm } from "./profile-form"

const TAKEN = new Set(["bruno", "admin"])
let server: ReturnType<typeof fakeServer>

beforeEach(() => {
  server = fakeServer()
  server.on("GET", /^\/api\/vitrine\/usernames\/[^/]+\/available$/, (req) => {
    const name = decodeURIComponent(req.path.split("/")[4]!)
    return { available: !TAKEN.has(name) }
  })
  signIn()
})
afterEach(resetDevice)

const CHECKS = "/api/vitrine/usernames/"
const status = () => screen.getByText((_, el) => el?.hasAttribute("data-availability") ?? false)

async function typeUsername(text: string) {
  renderApp(<ProfileForm profile={{ ...USER }} />)
  const input = screen.getByRole("textbox", { name: "Username" })
  await userEvent.clear(input)
  await userEvent.type(input, text)
  return input
}

describe("username availability while typing", () => {
  it("the saved username counts as available, with no request", async () => {
    renderApp(<ProfileForm profile={{ ...USER }} />)
    expect(status()).toHaveTextContent("Username disponível")
    expect(server.count("GET", CHECKS)).toBe(0)
  })

  it("a free name: 'Verificando disponibilidade...', then 'Username disponível', asked once after the pause", async () => {
    await typeUsername("mariana")
    expect(status()).toHaveTextContent("Verificando disponibilidade...")
    expect(await screen.findByText("Username disponível", {}, { timeout: 3000 })).toBeVisible()
    // typed letter by letter, asked about once: the whole name, after the pause
    expect(server.requests.filter((r) => r.path.startsWith(CHECKS)).map((r) => r.path)).toEqual([
      `${CHECKS}mariana/available`,
    ])
  })

  it("a taken name says so with the server's message", async () => {
    await typeUsername("Bruno") // lowercased as typed
    expect(await screen.findByText(messages.usernameTaken, {}, { timeout: 3000 })).toBeVisible()
    expect(screen.getByRole("textbox", { name: "Username" })).toHaveValue("bruno")
  })

  it("a malformed name is told at once and never asked about", async () => {
    await typeUsername("ana maria!")
    expect(status().getAttribute("data-availability")).toBe("invalid")
    expect(status()).not.toHaveTextContent("Verificando")
    await new Promise((r) => setTimeout(r, 700)) // past the pause: still no request
    expect(server.count("GET", CHECKS)).toBe(0)
  })

  it("offline: 'Não foi possível verificar agora', and the form is not blocked", async () => {
    server.offline = true
    await typeUsername("mariana")
    expect(
      await screen.findByText("Não foi possível verificar agora. O servidor confere ao salvar.", {}, { timeout: 3000 }),
    ).toBeVisible()
    expect(screen.getByRole("button", { name: "Salvar Alterações" })).toBeEnabled()
  })
})
