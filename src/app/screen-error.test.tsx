// A screen that cannot be drawn shows what happened in Portuguese, never React Router's English
// page: its code not fetched reloads the page once by itself (a new deployment names other files),
// then says so; offline it says the page was not opened on this device yet; any other failure says
// something went wrong. (e2e/platform.spec.ts runs the same with a chunk the browser cannot fetch.)
import { cleanup, render, screen } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from "vitest"
import { isCodeLoadError, page, ScreenError } from "./screen-error"

const CODE_ERROR = new TypeError("Failed to fetch dynamically imported module: http://x/assets/ranking-CKkBCrni.js")
let reloads: MockInstance<() => void>

beforeEach(() => {
  reloads = vi.spyOn(page, "reload").mockImplementation(() => {})
  sessionStorage.clear()
  vi.spyOn(console, "error").mockImplementation(() => {}) // React reports the error the router caught
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function renderFailing(error: Error) {
  const Broken = () => {
    throw error
  }
  const router = createMemoryRouter([{ path: "/", Component: Broken, errorElement: <ScreenError /> }])
  return render(<RouterProvider router={router} />)
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online)
}

it("tells a module that could not be fetched from other errors (Chromium, Firefox, Safari, Vite)", () => {
  expect(isCodeLoadError(CODE_ERROR)).toBe(true)
  expect(isCodeLoadError(new TypeError("error loading dynamically imported module: /assets/a.js"))).toBe(true)
  expect(isCodeLoadError(new TypeError("Importing a module script failed."))).toBe(true)
  expect(isCodeLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true)
  expect(isCodeLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
  expect(isCodeLoadError(undefined)).toBe(false)
})

it("code that could not be fetched reloads the page once, then says so with 'Recarregar'", async () => {
  setOnline(true)
  const first = renderFailing(CODE_ERROR)
  expect(reloads).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole("heading")).toBeNull()
  first.unmount()

  // the reloaded page failed the same way: no second reload by itself
  renderFailing(CODE_ERROR)
  expect(await screen.findByRole("heading", { name: "Não foi possível abrir esta página" })).toBeTruthy()
  expect(
    screen.getByText("A conexão falhou ou o Vitrine foi atualizado. Recarregue a página para continuar."),
  ).toBeTruthy()
  expect(reloads).toHaveBeenCalledTimes(1)
  screen.getByRole("button", { name: "Recarregar" }).click()
  expect(reloads).toHaveBeenCalledTimes(2)
  expect(screen.getByRole("link", { name: "Voltar para o início" }).getAttribute("href")).toBe("/home")
})

it("offline, it says the page was not opened on this device yet, and does not reload by itself", async () => {
  setOnline(false)
  renderFailing(CODE_ERROR)
  expect(
    await screen.findByText(
      "Você está offline e esta página ainda não foi aberta neste aparelho. Tente novamente quando a conexão voltar.",
    ),
  ).toBeTruthy()
  expect(reloads).not.toHaveBeenCalled()
})

it("any other failure says something went wrong, in Portuguese, without reloading", async () => {
  setOnline(true)
  renderFailing(new TypeError("Cannot read properties of undefined (reading 'id')"))
  expect(
    await screen.findByText("Algo deu errado ao mostrar esta página. Recarregue para tentar de novo."),
  ).toBeTruthy()
  expect(screen.queryByText(/Unexpected Application Error/)).toBeNull()
  expect(reloads).not.toHaveBeenCalled()
})
