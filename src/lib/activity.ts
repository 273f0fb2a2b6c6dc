// What must not be interrupted by a reload (the update prompt asks): forms with unsaved input and
// an outbox flush in progress. Tiny on purpose: it loads with the first page.
import { useEffect } from "react"

const dirtyForms = new Set<symbol>()
let flushing = false

/** Marks the calling form as holding unsaved input while `dirty` is true. */
export function useUnsavedInput(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return
    const key = Symbol("form")
    dirtyForms.add(key)
    return () => {
      dirtyForms.delete(key)
    }
  }, [dirty])
}

export function hasUnsavedInput(): boolean {
  return dirtyForms.size > 0
}

const flushWaiters = new Set<() => void>()

export function setFlushing(on: boolean) {
  flushing = on
  if (!on) flushWaiters.forEach((w) => w())
}

/** Resolves once no outbox flush is running in this tab. */
export function whenNotFlushing(): Promise<void> {
  if (!flushing) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      flushWaiters.delete(done)
      resolve()
    }
    flushWaiters.add(done)
  })
}
