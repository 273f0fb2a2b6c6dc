// Web push delivery rules against a local push service that answers as scripted: 410 drops a
// subscription, 503 is retried (Retry-After honoured), 413 is dropped, at most 20 pushes per user
// per hour, a tapped push marks its notification read, a worker killed with jobs in flight delivers
// each exactly once after a restart, and SIGTERM stops it cleanly. The rig is
// tests/helpers/push-rig.ts.
import { describe, expect, it } from "vitest"
import {
  allSettled,
  be,
  comment,
  currentWorker,
  device,
  jobsOf,
  mock,
  product,
  startWorker,
  stopWorker,
  until,
  vote,
  withPushRig,
} from "./helpers/push-rig"

withPushRig()

describe("delivery rules", () => {
  it("410 deletes the subscription; the user's other device still gets the push", async () => {
    const owner = await be.user("Dona Dois Aparelhos")
    const old = await device(owner, "velho")
    const phone = await device(owner, "celular")
    mock.respond(old.endpoint, [410])
    const p = await product(owner.id)
    await vote((await be.user("Fã 410")).pb, p.id)
    await mock.waitFor(() => mock.deliveriesTo(phone.endpoint).length === 1)
    const left = await until(
      () => owner.pb.collection("push_subscriptions").getFullList(),
      (subs) => subs.length === 1,
    )
    expect(left.map((s) => s.endpoint)).toEqual([phone.endpoint])
    const [job] = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(job!.status).toBe("sent")
  })

  it("503 twice (the first with Retry-After) is retried and delivered once", async () => {
    const owner = await be.user("Dono Instável")
    const sub = await device(owner)
    mock.respond(sub.endpoint, [{ status: 503, headers: { "Retry-After": "1" } }, 503])
    const p = await product(owner.id)
    await vote((await be.user("Fã 503")).pb, p.id)
    await mock.waitFor(() => mock.deliveriesTo(sub.endpoint).length === 1, 20_000)
    const tries = mock.received.filter((m) => m.endpoint === sub.endpoint)
    expect(tries.map((m) => m.status)).toEqual([503, 503, 201])
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(900) // Retry-After: 1 was honoured
    const [job] = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(job).toMatchObject({ status: "sent", attempts: 2 })
    expect(new Set(tries.map((m) => m.payload.id)).size).toBe(1) // one job, one id
  })

  it("413 is logged and dropped, not retried", async () => {
    const owner = await be.user("Dono Grande Demais")
    const sub = await device(owner)
    mock.respond(sub.endpoint, [413])
    const p = await product(owner.id)
    await vote((await be.user("Fã 413")).pb, p.id)
    const [job] = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(job).toMatchObject({ status: "dropped", attempts: 0 })
    expect(job!.last_error).toContain("413")
    expect(mock.received.filter((m) => m.endpoint === sub.endpoint)).toHaveLength(1)
    expect(await owner.pb.collection("push_subscriptions").getFullList()).toHaveLength(1) // kept
  })

  it("caps pushes at 20 per user per hour", async () => {
    const owner = await be.user("Dona Popular")
    const fan = await be.user("Fã Incansável")
    const sub = await device(owner)
    const p = await product(owner.id)
    for (let i = 0; i < 23; i++) await comment(fan, p.id, `Comentário número ${i} sobre o produto.`)
    const jobs = await until(
      () => jobsOf(owner.id),
      (j) => j.length === 23 && allSettled(j),
    )
    expect(jobs.filter((j) => j.status === "sent")).toHaveLength(20)
    expect(jobs.filter((j) => j.status === "capped")).toHaveLength(3)
    expect(mock.deliveriesTo(sub.endpoint)).toHaveLength(20)
  })

  it("a tapped push marks its notification read (votes: every unseen vote of that product)", async () => {
    const owner = await be.user("Dona Toque")
    const sub = await device(owner)
    const p = await product(owner.id)
    await stopWorker()
    for (const name of ["Toque Um", "Toque Dois"]) await vote((await be.user(name)).pb, p.id)
    await startWorker()
    const msg = await mock.waitFor(() => mock.deliveriesTo(sub.endpoint)[0])
    // the service worker has no session: the job id it got in the push is enough, and nothing more
    await be.anon().send("/api/vitrine/push/opened", { method: "POST", body: { id: msg.payload.id } })
    const unread = await be.admin
      .collection("notifications")
      .getFullList({ filter: `user = "${owner.id}" && is_read = false` })
    expect(unread).toEqual([])
    await be.anon().send("/api/vitrine/push/opened", { method: "POST", body: { id: "naoexiste123456" } }) // 204 too
  })

  it("killed (SIGKILL) with 50 jobs pending: after a restart all 50 are delivered, each exactly once", async () => {
    const voter = await be.user("Eleitora em Massa")
    const owners = await Promise.all(Array.from({ length: 50 }, (_, i) => be.user(`Dono Lote ${i}`)))
    const subs = await Promise.all(owners.map((o) => device(o, "lote")))
    const products = await Promise.all(owners.map((o) => product(o.id)))
    const endpoints = new Set(subs.map((s) => s.endpoint))
    const ours = (list: typeof mock.received) => list.filter((m) => endpoints.has(m.endpoint))

    // the push service answers 10 and then stops answering: the worker has the other 40 in flight
    mock.holdAfter(10)
    await Promise.all(products.map((p) => vote(voter.pb, p.id)))
    const ownerIds = owners.map((o) => `user = "${o.id}"`).join(" || ")
    const jobs = () => be.admin.collection("push_jobs").getFullList({ filter: ownerIds })
    await until(jobs, (j) => j.length === 50 && j.filter((x) => x.status === "sent").length === 10)
    await mock.waitFor(() => mock.held.size === 40, 10_000, "40 pedidos presos")
    await currentWorker()!.kill()
    mock.release()
    const inFlightAtKill = ours(mock.received).filter((m) => m.status === 0).length
    expect(inFlightAtKill).toBe(40)

    await startWorker()
    const done = await until(jobs, (j) => j.every((x) => x.status === "sent"), 30_000)
    expect(done).toHaveLength(50)
    const delivered = ours(mock.deliveries)
    expect(delivered).toHaveLength(50)
    for (const s of subs) expect(mock.deliveriesTo(s.endpoint)).toHaveLength(1)
    expect(new Set(delivered.map((m) => m.payload.id))).toEqual(new Set(done.map((j) => j.id)))
    // only the 40 that never got an answer were sent again
    expect(ours(mock.received)).toHaveLength(50 + 40)
  }, 120_000)

  it("stops cleanly on SIGTERM", async () => {
    const proc = currentWorker()!.child!
    await stopWorker()
    expect(proc.exitCode).toBe(0)
    await startWorker()
  })
})
