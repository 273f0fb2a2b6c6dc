// @ts-check
/// <reference path="../types/types.d.ts" />
// One path lookup per module per JS VM. goja_nodejs's require() runs filepath.EvalSymlinks on the
// path at every call, even for a module it loaded long ago (its module table is keyed by the
// resolved path): an lstat per path component, 5 system calls for /app/pb_hooks/lib/x.js. A
// request makes several such calls (the global middleware 3, its route 1-6 more), and a profile of
// the uncached listing under load spent 5.5% of the server's CPU in them (more of a cached answer,
// which does less else). install() replaces the VM's global `require` with one that keeps what each
// absolute path gave. goja_nodejs hands each module it loads the global `require` of that moment
// as the module's own, so the modules loaded after install() use the kept answers too (those
// loaded before keep the plain one: same answers, more calls).
// Relative paths depend on the calling module: passed through, never kept. A module answer is
// kept only once its module has loaded (a require() returns after the module's code ran).

/** @typedef {((path: string) => unknown) & { once?: boolean }} Require */

/** Makes the global `require` of this VM remember absolute paths (once per VM; then a no-op). */
function install() {
  const g = /** @type {{ require: Require }} */ (/** @type {unknown} */ (globalThis))
  const plain = g.require
  if (plain.once) return
  /** @type {Map<string, unknown>} */
  const kept = new Map()
  /** @type {Require} */
  const once = (path) => {
    let m = kept.get(path)
    if (m === undefined) {
      m = plain(path)
      if (path.charAt(0) === "/") kept.set(path, m)
    }
    return m
  }
  once.once = true
  g.require = once
}

module.exports = { install }
