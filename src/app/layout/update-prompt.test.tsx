// 'Nova versão disponível' / 'Atualizar' never throws away what the user is typing: with text in a
// form (this tab or another open tab of the app) it says 'Termine o que está escrevendo' and the
// new version waits; with nothing unsaved it takes over.
import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { CommentForm } from "@/features/comments/components/comment-form"
import { fakeServer, renderApp, resetDevice, signIn, USER } from "@/test/harness"
import UpdatePrompt from "./update-prompt"

// the service worker's side (pwa.ts registers it through vite-plugin-pwa's virtual module): the
// tabs' channel as pwa.ts opens it, and whether the waiting version was told to take over
const activated = vi.hoisted(() => vi.fn(async () => {}))
vi.mock("../pwa", () => ({ channel: new BroadcastChannel("vitrine-update"), activateUpdate: activated }))

/** Another open tab of the app, answering the update question (see pwa.ts). */
let otherTab: BroadcastChannel | null = null
function openOtherTab(busy: boolean) {
  otherTab = new BroadcastChannel("vitrine-update")
  otherTab.onmessage = (e: MessageEvent<{ type: string; id: string }>) => {
    if (e.data.type === "ask") otherTab?.postMessage({ type: "answer", id: e.data.id, busy })
  }
}

beforeEach(() => {
  activated.mockClear()
  fakeServer()
  signIn()
})
afterEach(async () => {
  otherTab?.close()
  otherTab = null
  await resetDevice()
})

function renderPage() {
  renderApp(
    <>
      <UpdatePrompt />
      <CommentForm productId="p1product000001" userId={USER.id} />
    </>,
  )
  return {
    update: () => userEvent.click(screen.getByRole("button", { name: "Atualizar" })),
    comment: screen.getByRole("textbox", { name: "Seu comentário" }),
  }
}

describe("UpdatePrompt", () => {
  it("with a comment being written here: 'Termine o que está escrevendo', and no update", async () => {
    const page = renderPage()
    expect(screen.getByRole("alert")).toHaveTextContent("Nova versão disponível")
    await userEvent.type(page.comment, "Estou no meio de um comentário")
    await page.update()
    expect(await screen.findByText("Termine o que está escrevendo")).toBeVisible()
    expect(screen.getByText("Envie ou apague o texto do formulário antes de atualizar.")).toBeVisible()
    expect(activated).not.toHaveBeenCalled()
    expect(screen.getByRole("button", { name: "Atualizar" })).toBeEnabled() // it can be asked again
    expect(page.comment).toHaveValue("Estou no meio de um comentário")
  })

  it("once the text is cleared, 'Atualizar' lets the new version take over", async () => {
    const page = renderPage()
    await userEvent.type(page.comment, "Rascunho")
    await userEvent.clear(page.comment)
    await page.update()
    await vi.waitFor(() => expect(activated).toHaveBeenCalledOnce())
    expect(screen.queryByText("Termine o que está escrevendo")).toBeNull()
  })

  it("another tab with unsaved text says no: the toast says where, and no update", async () => {
    openOtherTab(true)
    const page = renderPage()
    await page.update()
    expect(await screen.findByText("Termine o que está escrevendo")).toBeVisible()
    expect(
      screen.getByText(
        "Outra aba do app tem um formulário com texto não salvo. Envie ou apague o texto lá antes de atualizar.",
      ),
    ).toBeVisible()
    expect(activated).not.toHaveBeenCalled()
  })

  it("another tab with nothing unsaved does not hold the update", async () => {
    openOtherTab(false)
    const page = renderPage()
    await page.update()
    await vi.waitFor(() => expect(activated).toHaveBeenCalledOnce())
  })
})
