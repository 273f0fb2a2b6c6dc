// The outbox as React state: what a component reading the queue is given when the queue answers.
import { screen } from "@testing-library/react"
import { afterEach, beforeEach, expect, test } from "vitest"
import { db, liveQuery, type OutboxOp } from "@/lib/db"
import { fakeServer, renderApp, resetDevice, signIn, USER } from "@/test/harness"
import { useOutbox } from "./use-outbox"

beforeEach(() => {
  fakeServer() // the session check and roles the app asks for at start
  signIn()
})
afterEach(resetDevice)

/** Resolves once a live query of `read` has given its first answer. */
async function answered(read: () => Promise<unknown>) {
  let resolve = () => {}
  const first = new Promise<void>((r) => (resolve = r))
  const sub = liveQuery(read).subscribe({ next: () => resolve() })
  await first
  sub.unsubscribe()
}

test("the queue answering empty changes nothing for its readers; a queued write does", async () => {
  const lists: OutboxOp[][] = []
  function QueueLength() {
    const ops = useOutbox()
    if (lists.at(-1) !== ops) lists.push(ops)
    return <p>{`${ops.length} na fila`}</p>
  }
  renderApp(<QueueLength />)
  expect(screen.getByText("0 na fila")).toBeVisible()
  // the queue has answered (empty): a live query started after the component's has answered too
  await answered(() => db.outbox.count())
  await db.outbox.add({
    opId: "queued000000001",
    kind: "vote.set",
    entityKey: "vote:p1",
    payload: { productId: "p1", voted: true },
    v: 1,
    userId: USER.id,
    attempts: 0,
    nextAttemptAt: Date.now() + 3_600_000,
    state: "pending",
    createdAt: Date.now(),
  })
  expect(await screen.findByText("1 na fila")).toBeVisible()
  // before any answer, then with the write: the empty answer between them gave no new list
  expect(lists.map((l) => l.length)).toEqual([0, 1])
})
