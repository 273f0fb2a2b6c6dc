// A header menu that mounts when the user reaches for it (IntentMount): the plain button stands in
// for it, and whatever reaches the plain button first (a tap, Enter, a mouse press, keyboard
// focus) is not lost when the real menu (Headless UI, a chunk of its own) takes over; code that
// cannot be loaded leaves the plain button, and the next intent tries again.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react"
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeEach, expect, it } from "vitest"
import "@/test/harness" // jest-dom, and the ResizeObserver Headless UI's menus need in jsdom
import { IntentMount } from "./intent-mount"

function RealMenu({ label }: { label: string }) {
  return (
    <Menu>
      <MenuButton aria-label={label}>A</MenuButton>
      <MenuItems anchor="bottom end">
        <MenuItem>
          <a href="/perfil">Meu Perfil</a>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}

/** The real menu's code arrives (or fails to) when the test says so (a chunk on a slow network). */
let arrive: () => void = () => {}
let fail: () => void = () => {}
let loads = 0
const load = () => {
  loads++
  return new Promise<{ default: typeof RealMenu }>((resolve, reject) => {
    arrive = () => resolve({ default: RealMenu })
    fail = () => reject(new TypeError("Failed to fetch dynamically imported module"))
  })
}

beforeEach(() => {
  loads = 0
})
afterEach(cleanup)

function renderMenu() {
  return render(
    <>
      <IntentMount load={load} props={{ label: "Menu da conta" }} label="Menu da conta" className="" popup="menu">
        A
      </IntentMount>
      <button type="button">Depois</button>
    </>,
  )
}

const menuButton = () => screen.getByRole("button", { name: "Menu da conta" })
/** the real menu is on screen: Headless UI's button carries its id */
const isReal = () => (menuButton().id ?? "").startsWith("headlessui-menu-button")

it("stays a plain button, without the menu's code, until the user reaches for it", async () => {
  renderMenu()
  expect(menuButton()).toHaveAttribute("aria-expanded", "false")
  expect(loads).toBe(0)
  fireEvent.pointerEnter(menuButton())
  fireEvent.pointerEnter(menuButton())
  expect(loads).toBe(1)
  act(() => arrive())
  await waitFor(() => expect(isReal()).toBe(true))
  expect(screen.queryByRole("menu")).toBeNull()
})

it("code that cannot be loaded (offline) leaves the plain button; the next intent tries again", async () => {
  renderMenu()
  fireEvent.click(menuButton())
  await act(async () => fail())
  expect(menuButton()).toBeVisible()
  expect(isReal()).toBe(false)
  // a pointer passing over it later loads it without opening it: the failed tap is not replayed
  fireEvent.pointerEnter(menuButton())
  act(() => arrive())
  await waitFor(() => expect(isReal()).toBe(true))
  expect(screen.queryByRole("menu")).toBeNull()
  fireEvent.click(menuButton())
  expect(loads).toBe(2)
  expect(await screen.findByRole("menuitem", { name: "Meu Perfil" })).toBeVisible()
})

it("a tap (or Enter) before the menu's code is there opens the menu once it arrives", async () => {
  renderMenu()
  fireEvent.click(menuButton()) // a tap or a keyboard activation: not a mouse's click
  expect(screen.queryByRole("menu")).toBeNull()
  act(() => arrive())
  expect(await screen.findByRole("menuitem", { name: "Meu Perfil" })).toBeVisible()
  expect(isReal()).toBe(true)
})

it("a mouse press before the code is there opens the menu once, whatever its click does", async () => {
  renderMenu()
  fireEvent.pointerDown(menuButton(), { pointerType: "mouse", button: 0 })
  fireEvent.click(menuButton(), { pointerType: "mouse" })
  act(() => arrive())
  expect(await screen.findByRole("menuitem", { name: "Meu Perfil" })).toBeVisible()
})

it("keyboard focus moves to the real button, and the menu stays closed until asked", async () => {
  const user = userEvent.setup()
  renderMenu()
  await user.tab()
  expect(menuButton()).toHaveFocus()
  act(() => arrive())
  await waitFor(() => expect(isReal()).toBe(true))
  expect(menuButton()).toHaveFocus()
  expect(screen.queryByRole("menu")).toBeNull()
  await user.keyboard("{Enter}")
  expect(await screen.findByRole("menuitem", { name: "Meu Perfil" })).toBeVisible()
})

it("focus that moved on before the swap stays where the user put it", async () => {
  const user = userEvent.setup()
  renderMenu()
  await user.tab()
  await user.tab()
  expect(screen.getByRole("button", { name: "Depois" })).toHaveFocus()
  act(() => arrive())
  await waitFor(() => expect(isReal()).toBe(true))
  expect(screen.getByRole("button", { name: "Depois" })).toHaveFocus()
  expect(screen.queryByRole("menu")).toBeNull()
})
