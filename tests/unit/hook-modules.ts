// Hook modules (pb_hooks/lib) loaded in Node as PocketBase's JS engine loads them (CommonJS; the
// package itself is ESM), and a stand-in for PocketBase's app store, for the unit tests.
import { readFileSync } from "node:fs"

/**
 * pb_hooks/lib/`name`, with the modules it requires (by `${__hooks}/lib/...`) loaded the same way;
 * `pure`: it must require nothing.
 */
export function loadHookModule(name: string, { pure = false } = {}): unknown {
  const code = readFileSync(new URL(`../../pb_hooks/lib/${name}`, import.meta.url), "utf8")
  const module = { exports: {} as unknown }
  const require = (path: string) => {
    if (pure) throw new Error(`${name}: a pure module requires nothing`)
    return loadHookModule(path.replace("/lib/", ""))
  }
  new Function("module", "exports", "require", "__hooks", code)(module, module.exports, require, "")
  return module.exports
}

/** A store that behaves like PocketBase's app.store() (get, set, setFunc, getOrSet). */
export function fakeStore() {
  const map = new Map<string, unknown>()
  return {
    get: (k: string) => map.get(k),
    set: (k: string, v: unknown) => void map.set(k, v),
    setFunc: (k: string, fn: (old: unknown) => unknown) => void map.set(k, fn(map.get(k))),
    getOrSet: (k: string, fn: () => unknown) => (map.has(k) ? map.get(k) : (map.set(k, fn()), map.get(k))),
  }
}
