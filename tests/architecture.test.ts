// The architecture lint rules really fire (conventions.md habit 1): a planted slice-to-slice
// import, a feature importing the app layer, lib importing a feature, and an import cycle each fail
// `npm run lint`. (Before the TypeScript resolver, "@/..." imports never matched and all passed.)
import { mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { ESLint } from "eslint"
import { afterAll, describe, expect, it } from "vitest"

const root = path.resolve(import.meta.dirname, "..")
const eslint = new ESLint({ cwd: root })
const fixtureDir = path.join(root, "src/features/zz-lint-fixture")

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

afterAll(async () => {
  await rm(fixtureDir, { recursive: true, force: true })
})

describe("architecture rules", () => {
  it("refuse a slice importing another slice", async () => {
    expect(
      await rulesHit(
        "src/features/products/planted.ts",
        'import { VOTE_KIND } from "@/features/votes/api/set-vote"\nexport const x = VOTE_KIND\n',
      ),
    ).toContain("import-x/no-restricted-paths")
  })

  it("refuse a feature importing the app layer, and lib importing a feature", async () => {
    expect(
      await rulesHit(
        "src/features/votes/planted.ts",
        'import { createAppRouter } from "@/app/router"\nexport const x = createAppRouter\n',
      ),
    ).toContain("import-x/no-restricted-paths")
    expect(
      await rulesHit(
        "src/lib/planted.ts",
        'import { useMyVotes } from "../features/votes/api/my-votes"\nexport const x = useMyVotes\n',
      ),
    ).toContain("import-x/no-restricted-paths")
  })

  it("refuse an import cycle", async () => {
    await mkdir(fixtureDir, { recursive: true })
    await writeFile(path.join(fixtureDir, "a.ts"), 'import { b } from "./b"\nexport const a = () => b\n')
    await writeFile(path.join(fixtureDir, "b.ts"), 'import { a } from "./a"\nexport const b = () => a\n')
    const [result] = await eslint.lintFiles([path.join(fixtureDir, "a.ts")])
    expect(result?.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle")
  })

  it("the code as it is passes", async () => {
    expect(
      await rulesHit("src/features/votes/planted.ts", 'import { pb } from "@/lib/pocketbase"\nexport const x = pb\n'),
    ).toEqual([])
  })
})
