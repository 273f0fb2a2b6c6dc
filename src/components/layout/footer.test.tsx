// The footer's copyright names the year the page is shown in, not the year the code was written.
import { render, screen } from "@testing-library/react"
import { MemoryRouter } from "react-router-dom"
import { afterEach, expect, it, vi } from "vitest"
import { Footer } from "./footer"

afterEach(() => {
  vi.useRealTimers()
})

it("names the current year", () => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(new Date("2031-03-01T12:00:00Z"))
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  )
  expect(screen.getByText("© 2031 Vitrine. Todos os direitos reservados.")).toBeTruthy()
})
