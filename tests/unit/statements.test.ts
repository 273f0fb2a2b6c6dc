// The shared prepared statements (pb_hooks/lib/statements.js) on stand-ins for PocketBase's app
// store and database: one statement per text, texts written from dbx's named placeholders, and a
// bound on how many texts stay prepared (past it, queries still answer, compiled each time). What
// they read is tested through the real server (the product page, votes, the listing's count).
import { beforeAll, describe, expect, it } from "vitest"
import { fakeStore, loadHookModule } from "./hook-modules"

type Row = { [column: string]: string }
type Statements = {
  rows: (app: object, sql: string, args: unknown[], columns: string[]) => Row[]
  one: (app: object, sql: string, args: unknown[], columns: string[]) => Row | null
  positional: (sql: string, bind: { [name: string]: unknown }) => { sql: string; args: unknown[] }
}

/** An app whose store behaves like PocketBase's and whose database answers every query with one row. */
function fakeApp() {
  const store = fakeStore()
  const prepared: string[] = []
  const closed: string[] = []
  const compiled: string[] = [] // texts run through dbx
  // called while a text is being prepared (another request preparing it at the same moment)
  const hooks = { duringPrepare: (_sql: string) => {} }
  const answer = (sql: string, args: unknown[]) => `${sql} <- ${JSON.stringify(args)}`
  const app = {
    store: () => store,
    isTransactional: () => false,
    concurrentDB: () => ({
      db: () => ({
        prepare: (sql: string) => {
          prepared.push(sql)
          hooks.duringPrepare(sql)
          return {
            close: () => void closed.push(sql),
            query: (...args: unknown[]) => {
              let left = 1
              return {
                next: () => left-- > 0,
                scan: (...cells: { v: string }[]) => cells.forEach((c) => (c.v = answer(sql, args))),
                err: () => null,
                close: () => {},
              }
            },
          }
        },
      }),
    }),
    db: () => ({
      newQuery: (sql: string) => ({
        bind: (b: { [name: string]: unknown }) => ({
          all: (found: Row[] & { shape: object }) => {
            compiled.push(sql)
            const args = Object.keys(b)
              .sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)))
              .map((k) => b[k])
            const row: Row = {}
            for (const c of Object.keys(found.shape)) row[c] = answer(sql.replace(/\{:a(\d+)\}/g, "?$1"), args)
            found.push(row)
          },
        }),
      }),
    }),
  }
  return { app, prepared, closed, compiled, answer, hooks }
}

let st: Statements
beforeAll(() => {
  Object.assign(globalThis, {
    nullString: () => ({
      v: "",
      toString() {
        return this.v
      },
    }),
    arrayOf: (model: { shape: object }) => Object.assign([], { shape: model.shape }),
    DynamicModel: function (this: { shape: object }, shape: object) {
      this.shape = shape
    },
  })
  st = loadHookModule("statements.js") as Statements
})

describe("prepared statements", () => {
  it("write named placeholders as ?N in order of first appearance, a name used twice keeping its number", () => {
    const q = st.positional("SELECT {:b} WHERE x = {:a} AND y <= {:b} AND z = {:c}", {
      a: 1,
      b: "two",
      c: 3,
      unused: 4,
    })
    expect(q.sql).toBe("SELECT ?1 WHERE x = ?2 AND y <= ?1 AND z = ?3")
    expect(q.args).toEqual(["two", 1, 3])
    // the same clauses with other values: the same text (one prepared statement)
    expect(st.positional("SELECT {:b} WHERE x = {:a} AND y <= {:b} AND z = {:c}", { a: 9, b: "", c: 0 }).sql).toBe(
      q.sql,
    )
  })

  it("prepare a text once, and past 128 texts answer through dbx instead of preparing more", () => {
    const { app, prepared, compiled, answer } = fakeApp()
    const text = (i: number) => `SELECT ?1 AS v /* ${i} */`
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 128; i++) expect(st.one(app, text(i), [i], ["v"])).toEqual({ v: answer(text(i), [i]) })
    }
    expect(prepared).toHaveLength(128) // each once, the second round reused them
    expect(compiled).toHaveLength(0)
    // the 129th text still answers, the same way, without a statement kept for it
    expect(st.one(app, text(128), ["x"], ["v"])).toEqual({ v: answer(text(128), ["x"]) })
    expect(st.one(app, text(128), ["y"], ["v"])).toEqual({ v: answer(text(128), ["y"]) })
    expect(prepared).toHaveLength(128)
    expect(compiled).toEqual(["SELECT {:a1} AS v /* 128 */", "SELECT {:a1} AS v /* 128 */"])
    // a text prepared before the bound keeps its statement
    st.one(app, text(3), [3], ["v"])
    expect(prepared).toHaveLength(128)
    expect(compiled).toHaveLength(2)
  })

  it("keep the first of two statements prepared at once for one text, close the other, and count the text once", () => {
    const { app, prepared, closed, compiled, hooks } = fakeApp()
    const raced = "SELECT ?1 AS v /* raced */"
    let nested = false
    hooks.duringPrepare = (sql) => {
      if (sql !== raced || nested) return
      nested = true
      st.one(app, raced, ["inner"], ["v"]) // the other request stores its statement first
    }
    expect(st.one(app, raced, ["outer"], ["v"])).not.toBeNull()
    expect(prepared).toEqual([raced, raced])
    expect(closed).toEqual([raced]) // the outer one's, stored second
    // counted once: 127 more texts still fit, the next one does not
    for (let i = 0; i < 127; i++) st.one(app, `SELECT ?1 AS v /* ${i} */`, [i], ["v"])
    expect(compiled).toHaveLength(0)
    st.one(app, "SELECT ?1 AS v /* one too many */", [0], ["v"])
    expect(compiled).toHaveLength(1)
  })
})
