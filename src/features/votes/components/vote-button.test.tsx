// The signed-in vote button as its user sees it: voted or not (the server's word, or the vote
// still waiting on the device), the count, the 'pendente' mark, and what a tap says.
import { fireEvent, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Profiler } from "react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { db } from "@/lib/db"
import { fakeServer, list, renderApp, resetDevice, signIn, USER } from "@/test/harness"
import { VoteButton } from "./vote-button"

const PRODUCT = "p1product000001"
const TITLE = "Agenda Fácil"

let server: ReturnType<typeof fakeServer>
/** the products the server says the user voted for */
let myVotes: string[]

beforeEach(() => {
  myVotes = []
  server = fakeServer()
  server.on("GET", "/api/collections/votes/records", () =>
    list(myVotes.map((product, i) => ({ id: `vote${i}`, product }))),
  )
  server.on("DELETE", `/api/vitrine/products/${PRODUCT}/vote`, () => {
    myVotes = myVotes.filter((p) => p !== PRODUCT)
    return { voted: false, vote_count: 0 }
  })
  signIn()
})
afterEach(resetDevice)

const button = () => screen.getByRole("button", { name: new RegExp(`voto|Votar`) })
const shownCount = () => screen.getByTestId("vote-count").textContent

/** A vote left in the outbox by an earlier visit (the network was down then). */
async function queuedVote(voted: boolean) {
  await db.outbox.add({
    opId: "queuedvote00001",
    kind: "vote.set",
    entityKey: `vote:${PRODUCT}`,
    payload: { productId: PRODUCT, voted, voteId: "queuedvote00001", title: TITLE },
    v: 1,
    userId: USER.id,
    attempts: 1,
    nextAttemptAt: Date.now() + 3_600_000, // not due while the test runs
    state: "pending",
    createdAt: Date.now(),
  })
}

describe("VoteButton", () => {
  it("the second click of a double click never takes back the vote, however late it comes", async () => {
    server.on("PUT", `/api/vitrine/products/${PRODUCT}/vote`, () => {
      myVotes = [...myVotes, PRODUCT]
      return { voted: true, vote_count: 1 }
    })
    renderApp(<VoteButton productId={PRODUCT} title={TITLE} count={0} variant="detail" />)
    await screen.findByRole("button", { name: `Votar em ${TITLE} (0 votos)` })
    fireEvent.click(button(), { detail: 1 })
    expect(await screen.findByText("Voto registrado! 🎉")).toBeVisible()
    // the vote went through before the second click of the pair arrived (a fast server, a busy page)
    fireEvent.click(button(), { detail: 2 })
    expect(await screen.findByRole("button", { name: `Remover voto de ${TITLE} (1 voto)` })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    expect(server.count("DELETE", `/api/vitrine/products/${PRODUCT}/vote`)).toBe(0)
    expect(server.count("PUT", `/api/vitrine/products/${PRODUCT}/vote`)).toBe(1)
  })

  it("shows the user's own vote as the server has it", async () => {
    myVotes = [PRODUCT]
    renderApp(<VoteButton productId={PRODUCT} title={TITLE} count={7} variant="detail" />)
    expect(await screen.findByRole("button", { name: `Remover voto de ${TITLE} (7 votos)` })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    expect(screen.getByText("Votado")).toBeVisible()
    expect(screen.queryByText("pendente")).toBeNull()
  })

  it("a tap votes: the count the server answered, and 'Voto registrado! 🎉'", async () => {
    server.on("PUT", `/api/vitrine/products/${PRODUCT}/vote`, () => {
      myVotes = [...myVotes, PRODUCT]
      return { voted: true, vote_count: 12 }
    })
    renderApp(<VoteButton productId={PRODUCT} title={TITLE} count={9} variant="card" />)
    await screen.findByRole("button", { name: `Votar em ${TITLE} (9 votos)` })
    // the user's votes were read (once; a request starts in a task of its own: lib/pocketbase.ts)
    await waitFor(() => expect(server.count("GET", "/api/collections/votes/records")).toBe(1))

    await userEvent.click(button())
    // another voter's vote came in meanwhile: the server's count (12), not 9 + 1
    expect(await screen.findByRole("button", { name: `Remover voto de ${TITLE} (12 votos)` })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    expect(shownCount()).toBe("12")
    expect(await screen.findByText("Voto registrado! 🎉")).toBeVisible()
    expect(screen.queryByText("pendente")).toBeNull()
    expect(await db.outbox.count()).toBe(0)
  })

  it("offline, a tap is kept on the device: counted, marked 'pendente', and 'Sem conexão' says why", async () => {
    renderApp(<VoteButton productId={PRODUCT} title={TITLE} count={1} variant="card" />)
    await screen.findByRole("button", { name: `Votar em ${TITLE} (1 voto)` })
    server.offline = true

    await userEvent.click(button())
    expect(await screen.findByRole("button", { name: `Remover voto de ${TITLE} (2 votos), pendente` })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    expect(screen.getByTestId("vote-pending")).toHaveTextContent("pendente")
    expect(shownCount()).toBe("2")
    expect(await screen.findByText("Sem conexão")).toBeVisible()
    expect(await db.outbox.count()).toBe(1)
  })

  it("a vote waiting from before wins over the server's old answer: an unvote shows one less, pending", async () => {
    myVotes = [PRODUCT]
    await queuedVote(false)
    renderApp(<VoteButton productId={PRODUCT} title={TITLE} count={5} variant="card" />)
    expect(await screen.findByRole("button", { name: `Votar em ${TITLE} (4 votos), pendente` })).toHaveAttribute(
      "aria-pressed",
      "false",
    )
    expect(shownCount()).toBe("4")
    expect(screen.getByTestId("vote-pending")).toBeVisible()
  })

  it("tapping a pending vote again takes it back: the server's count, and 'Voto pendente cancelado'", async () => {
    await queuedVote(true)
    server.offline = true
    renderApp(<VoteButton productId={PRODUCT} title={TITLE} count={3} variant="card" />)
    await screen.findByRole("button", { name: `Remover voto de ${TITLE} (4 votos), pendente` })

    await userEvent.click(button())
    // the server never had the vote: the unvote replaced the waiting one, nothing is counted
    expect(await screen.findByRole("button", { name: /^Votar em Agenda Fácil \(3 votos\)/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    )
    expect(shownCount()).toBe("3")
    expect(await screen.findByText("Voto pendente cancelado")).toBeVisible()
  })

  it("a vote on one card leaves the other cards' buttons alone: sent, counted and gone from the queue", async () => {
    const OTHER = "p2product000002"
    server.on("PUT", `/api/vitrine/products/${PRODUCT}/vote`, () => {
      myVotes = [...myVotes, PRODUCT]
      return { voted: true, vote_count: 4 }
    })
    const renders: Record<string, number> = { [PRODUCT]: 0, [OTHER]: 0 }
    const counted = (id: string) => () => void (renders[id] = (renders[id] ?? 0) + 1)
    renderApp(
      <>
        <Profiler id={PRODUCT} onRender={counted(PRODUCT)}>
          <VoteButton productId={PRODUCT} title={TITLE} count={3} variant="card" />
        </Profiler>
        <Profiler id={OTHER} onRender={counted(OTHER)}>
          <VoteButton productId={OTHER} title="Outro Produto" count={5} variant="card" />
        </Profiler>
      </>,
    )
    await waitFor(() => expect(server.count("GET", "/api/collections/votes/records")).toBe(1))
    await screen.findByRole("button", { name: `Votar em ${TITLE} (3 votos)` })
    const otherBefore = renders[OTHER]

    // stored in the queue, sent, the user's votes updated, then gone from the queue: 20 votes
    // syncing under a grid of 24 buttons re-rendered every button at each of those steps
    await userEvent.click(screen.getByRole("button", { name: `Votar em ${TITLE} (3 votos)` }))
    expect(await screen.findByRole("button", { name: `Remover voto de ${TITLE} (4 votos)` })).toBeVisible()
    await waitFor(async () => expect(await db.outbox.count()).toBe(0))
    expect(renders[PRODUCT]).toBeGreaterThan(0)
    expect(renders[OTHER]).toBe(otherBefore)
    expect(screen.getByRole("button", { name: "Votar em Outro Produto (5 votos)" })).toHaveAttribute(
      "aria-pressed",
      "false",
    )
  })
})
