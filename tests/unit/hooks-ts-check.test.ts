// Every pb_hooks/**/*.js file is typechecked: tsconfig.hooks.json checks only the files that start
// with `// @ts-check` (checkJs is off), so a file without it would pass `npm run typecheck` unchecked.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const HOOKS = fileURLToPath(new URL("../../pb_hooks/", import.meta.url))
const TYPES = path.join(HOOKS, "types", "types.d.ts")

const hookFiles = readdirSync(HOOKS, { recursive: true, encoding: "utf8" })
  .map((f) => f.split(path.sep).join("/"))
  .filter((f) => f.endsWith(".js"))
  .sort()

/** The problem with a file's first two lines, or "" when they are the header. */
function headerProblem(file: string): string {
  const [first, second] = readFileSync(path.join(HOOKS, file), "utf8").split("\n")
  if (first !== "// @ts-check") return "line 1 is not // @ts-check"
  const ref = /^\/\/\/ <reference path="([^"]+)" \/>$/.exec(second ?? "")
  if (!ref) return "line 2 is not a /// <reference path> to PocketBase's types"
  const target = path.resolve(path.dirname(path.join(HOOKS, file)), ref[1]!)
  return target === TYPES ? "" : `line 2 points at ${path.relative(HOOKS, target)}, not types/types.d.ts`
}

describe("pb_hooks typecheck header", () => {
  it("finds the hook files", () => {
    expect(hookFiles).toContain("main.pb.js")
    expect(hookFiles).toContain("lib/text.js")
  })

  it("every hook file starts with // @ts-check and PocketBase's types", () => {
    const problems = hookFiles.map((f) => [f, headerProblem(f)]).filter(([, problem]) => problem !== "")
    expect(problems).toEqual([])
  })
})
