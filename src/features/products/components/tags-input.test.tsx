// The tags field as a screen reader meets it: the suggestions list is announced as open only
// while it is on screen. After a tag is added (a suggestion picked, or the typed text with
// Enter), the text is cleared and the list is gone, and the field no longer says it is expanded.
import { screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import { afterEach, beforeEach, expect, it } from "vitest"
import { fakeServer, list, renderApp, resetDevice, signIn } from "@/test/harness"
import { TagsInput } from "./tags-input"

const TAGS = ["design", "designer", "desenho"]

beforeEach(() => {
  fakeServer().on("GET", "/api/collections/tags/records", (req) => {
    const q = /name ~ '([^']*)'/.exec(req.url.searchParams.get("filter") ?? "")?.[1] ?? ""
    return list(TAGS.filter((t) => t.includes(q)).map((name) => ({ name })))
  })
  signIn()
})
afterEach(resetDevice)

function Form() {
  const [tags, setTags] = useState<string[]>([])
  return <TagsInput value={tags} onChange={setTags} />
}

it("picking a suggestion adds the tag and closes the list, for the eye and for the screen reader", async () => {
  renderApp(<Form />)
  const input = screen.getByRole("combobox", { name: "Tags" })
  await userEvent.type(input, "des")
  const option = await screen.findByRole("option", { name: "#design" })
  expect(input).toHaveAttribute("aria-expanded", "true")
  await userEvent.click(option)
  expect(screen.getByRole("list", { name: "Tags escolhidas" })).toHaveTextContent("#design")
  await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "false"))
  expect(screen.queryByRole("listbox")).toBeNull()
  // and typing again opens it again, with the focus still in the field
  expect(input).toHaveFocus()
  await userEvent.type(input, "dese")
  await screen.findByRole("option", { name: "#desenho" })
  expect(input).toHaveAttribute("aria-expanded", "true")
})

it("Enter adds the typed text and leaves the field collapsed", async () => {
  renderApp(<Form />)
  const input = screen.getByRole("combobox", { name: "Tags" })
  await userEvent.type(input, "des")
  await screen.findByRole("option", { name: "#designer" })
  await userEvent.keyboard("{Enter}")
  expect(screen.getByRole("list", { name: "Tags escolhidas" })).toHaveTextContent("#des")
  expect(input).toHaveValue("")
  await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "false"))
})

it("a pasted comma adds the tag before it and keeps what follows it", async () => {
  renderApp(<Form />)
  const input = screen.getByRole("combobox", { name: "Tags" })
  await userEvent.click(input)
  await userEvent.paste("design, mark")
  expect(screen.getByRole("list", { name: "Tags escolhidas" })).toHaveTextContent("#design")
  expect(input).toHaveValue("mark")
  await userEvent.keyboard("{Escape}") // the user's Escape clears the text
  expect(input).toHaveValue("")
})

it("entering the empty field does not announce a list that is not there", async () => {
  renderApp(<Form />)
  const input = screen.getByRole("combobox", { name: "Tags" })
  await userEvent.click(input)
  expect(input).toHaveFocus()
  expect(input).toHaveAttribute("aria-expanded", "false")
})
