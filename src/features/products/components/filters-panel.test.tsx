// The counts beside each filter say "at least" when the server counted only the newest 1,000 of
// the products the other filters leave (a broad search, 'Feito com Lovable' in a large catalogue).
import "@testing-library/jest-dom/vitest"
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, expect, it } from "vitest"
import type { Facets } from "../types"
import { FiltersPanel } from "./filters-panel"

afterEach(cleanup)

const facets = (more: Partial<Facets>): Facets => ({
  categories: [
    { id: "c1", name: "Finanças", count: 312 },
    { id: "c2", name: "Jogos", count: 0 },
  ],
  tags: [{ id: "t1", name: "pix", count: 40 }],
  ...more,
})

// each filter is a button named by its label, then its count (jsdom joins the two without a space)
const panel = (f: Facets) => render(<FiltersPanel facets={f} values={{}} onChange={() => {}} />)

it("shows exact counts as they are", () => {
  panel(facets({ categoriesMore: false, tagsMore: false }))
  expect(screen.getByRole("button", { name: /^Finanças\s*312$/ })).toBeVisible()
  expect(screen.getByRole("button", { name: /^Jogos\s*0$/ })).toBeVisible()
  expect(screen.getByRole("button", { name: /^#pix\s*40$/ })).toBeVisible()
})

it("marks counts taken over the newest products only with a '+', categories and tags apart", () => {
  panel(facets({ categoriesMore: true, tagsMore: false }))
  expect(screen.getByRole("button", { name: /^Finanças\s*312\+$/ })).toBeVisible()
  expect(screen.getByRole("button", { name: /^Jogos\s*0\+$/ })).toBeVisible()
  expect(screen.getByRole("button", { name: /^#pix\s*40$/ })).toBeVisible()
  cleanup()
  panel(facets({ categoriesMore: false, tagsMore: true }))
  expect(screen.getByRole("button", { name: /^Finanças\s*312$/ })).toBeVisible()
  expect(screen.getByRole("button", { name: /^#pix\s*40\+$/ })).toBeVisible()
})
