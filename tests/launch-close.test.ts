// How an ended day gets closed without anyone choosing it (issue 16), each on a fresh server so
// nothing closed the days before the test looks: lazily, by the first read after midnight (the
// maker's notification list), within the catch-up window only; and by the cron job alone, which
// calls the close route over HTTP (0.39.0 cron jobs may see a dead transactional $app).
import { afterEach, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"

let be: TestBackend | null = null
afterEach(async () => {
  await be?.stop()
  be = null
})

const DAY_MS = 86_400_000
/** The São Paulo day `daysAgo` days before today (UTC-3). */
const spDay = (daysAgo: number) => new Date(Date.now() - 3 * 3_600_000 - daysAgo * DAY_MS).toISOString().slice(0, 10)

async function launched(b: TestBackend, owner: string, day: string) {
  return b.admin.collection("products").create({
    slug: `fecha-${Math.random().toString(36).slice(2, 9)}`,
    title: `Lançamento de ${day}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: owner,
    published_at: `${day} 15:00:00.000Z`, // noon in São Paulo
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
}

/** Closed days, read with SQL (a notification list would close them itself). */
async function closedDays(b: TestBackend) {
  const res = await b.admin.sql.run("SELECT day FROM launch_closes ORDER BY day")
  return res.rows.map((r) => r[0])
}

describe("closing ended days", () => {
  it("lazily: the first notification list after the day ended closes it; the place shows right after", async () => {
    be = await startBackend()
    const maker = await be.user("Maker Madrugada")
    const yesterday = await launched(be, maker.id, spDay(1))
    const old = await launched(be, maker.id, spDay(10)) // outside the 7-day catch-up: never announced
    await launched(be, maker.id, spDay(0)) // today has not ended
    expect(await closedDays(be)).toEqual([])

    // the list request closes the ended days (its own rows were read already: PocketBase runs the
    // list hook after the query); the bell hears the new row by realtime, any later read has it
    await maker.pb.collection("notifications").getFullList()
    expect(await closedDays(be)).toEqual([spDay(1)])
    const list = await maker.pb.collection("notifications").getFullList()
    expect(list.map((n) => [n.type, n.product, n.payload.rank])).toEqual([["daily_rank", yesterday.id, 1]])
    expect(list.some((n) => n.product === old.id)).toBe(false)
  })

  it("by the cron job alone, through the close route", async () => {
    be = await startBackend({ VITRINE_LAUNCH_CRON: "* * * * *" })
    const maker = await be.user("Maker Cron")
    const p = await launched(be, maker.id, spDay(1))
    // the job runs at the top of each minute
    await expect.poll(() => closedDays(be!), { timeout: 75_000, interval: 1000 }).toEqual([spDay(1)])
    const told = await be.admin.collection("notifications").getFullList({ filter: `type = "daily_rank"` })
    expect(told.map((n) => [n.user, n.product])).toEqual([[maker.id, p.id]])
  }, 90_000)
})
