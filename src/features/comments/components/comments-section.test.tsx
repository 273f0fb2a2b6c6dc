// The product page's thread as its reader sees it: the server's comments, then this user's own
// comments still waiting on the device ('pendente') or refused (with the reason), each once.
import { screen, waitFor, within } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { db, type OutboxOp } from "@/lib/db"
import { fakeServer, renderApp, resetDevice, signIn, USER } from "@/test/harness"
import { CommentsSection } from "./comments-section"

const PRODUCT = "p1product000001"
const OTHER_PRODUCT = "p2product000002"

let server: ReturnType<typeof fakeServer>

const serverComment = (id: string, content: string, parent = "") => ({
  id,
  parent,
  content,
  created: "2026-11-20 10:00:00.000Z",
  user: "u2bruno00000002",
  expand: {
    user: { id: "u2bruno00000002", collectionId: "_pb_users_auth_", display_name: "Bruno", username: "bruno" },
  },
})

/** A comment this user wrote earlier on this device, still in the outbox. */
function queued(id: string, content: string, opts: Partial<OutboxOp> & { productId?: string; parentId?: string } = {}) {
  const { productId = PRODUCT, parentId = "", ...op } = opts
  return db.outbox.add({
    opId: id,
    kind: "comment.create",
    entityKey: `comment:${productId}`,
    payload: { id, productId, parentId, userId: USER.id, content },
    v: 1,
    userId: USER.id,
    attempts: 1,
    nextAttemptAt: Date.now() + 3_600_000, // not due while the test runs
    state: "pending",
    createdAt: Date.parse("2026-11-21T10:00:00Z"),
    ...op,
  })
}

beforeEach(() => {
  server = fakeServer()
  server.on("GET", `/api/vitrine/products/${PRODUCT}/comments`, () => ({
    items: [serverComment("c1server0000001", "Muito bom, uso todo dia!")],
  }))
  signIn()
})
afterEach(resetDevice)

function renderSection() {
  return renderApp(
    <CommentsSection
      productId={PRODUCT}
      productOwnerId="u9owner00000009"
      productTitle="Agenda Fácil"
      productPath="/products/agenda-facil"
      open
    />,
  )
}

/** Each shown comment: its author, its text and its 'pendente' mark, in order. */
function shownComments() {
  return screen.getAllByTestId("comment").map((el) => ({
    author: el.querySelector("p > a, p > span.font-semibold")?.textContent,
    text: el.querySelector("p.whitespace-pre-wrap")?.textContent,
    pending: within(el).queryByTestId("comment-pending") !== null,
  }))
}

describe("CommentsSection: the server's thread and the user's queued comments", () => {
  it("shows a queued comment after the server's, by the signed-in user, marked 'pendente'", async () => {
    await queued("c2queued0000002", "  Escrevi isto no metrô, sem sinal.  ")
    renderSection()
    // trimmed, as the server will store it
    await waitFor(() =>
      expect(shownComments()).toEqual([
        { author: "Bruno", text: "Muito bom, uso todo dia!", pending: false },
        { author: USER.display_name, text: "Escrevi isto no metrô, sem sinal.", pending: true },
      ]),
    )
  })

  it("a queued reply sits under the comment it answers", async () => {
    await queued("c3reply00000003", "Concordo com o Bruno!", { parentId: "c1server0000001" })
    renderSection()
    const replies = await screen.findByRole("list", { name: "Respostas" })
    expect(within(replies).getByText("Concordo com o Bruno!")).toBeVisible()
    expect(within(replies).getByTestId("comment-pending")).toBeVisible()
  })

  it("a comment the server already has shows once, as the server's (no 'pendente')", async () => {
    await queued("c1server0000001", "Muito bom, uso todo dia!") // sent, the answer was lost
    renderSection()
    await waitFor(() =>
      expect(shownComments()).toEqual([{ author: "Bruno", text: "Muito bom, uso todo dia!", pending: false }]),
    )
  })

  it("a refused comment says why and offers 'Descartar'; another product's queue stays off this page", async () => {
    await queued("c4failed0000004", "Comentário recusado pelo servidor", {
      state: "failed",
      lastError: { status: 400, message: "Comentário muito curto" },
    })
    await queued("c5other00000005", "Este é de outro produto", { productId: OTHER_PRODUCT })
    renderSection()
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Não enviado: Comentário muito curto")
    expect(within(alert).getByRole("button", { name: "Descartar" })).toBeVisible()
    await waitFor(() =>
      expect(shownComments().map((c) => c.text)).toEqual([
        "Muito bom, uso todo dia!",
        "Comentário recusado pelo servidor",
      ]),
    )
    expect(screen.queryByText("Este é de outro produto")).toBeNull()
  })

  it("offline with nothing saved: the user's queued comment still shows", async () => {
    server.offline = true
    await queued("c2queued0000002", "Sem rede, mas aparece")
    renderSection()
    expect(await screen.findByText("Sem rede, mas aparece")).toBeVisible()
    expect(screen.getByTestId("comment-pending")).toBeVisible()
  })
})
