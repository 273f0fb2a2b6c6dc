// What must not be interrupted by a reload (the update prompt asks): forms with unsaved input and
// an outbox flush in progress. Tiny on purpose: it loads with the first page.
import { useEffect } from "react"

const dirtyForms = new Set<symbol>()
let flushing = false
const unsavedListeners = new Set<() => void>()

/** Marks the calling form as holding unsaved input while `dirty` is true. */
export function useUnsavedInput(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return
    const key = Symbol("form")
    dirtyForms.add(key)
    unsavedListeners.forEach((l) => l())
    return () => {
      dirtyForms.delete(key)
      unsavedListeners.forEach((l) => l())
    }
  }, [dirty])
}

/** Hears when a form starts or stops holding unsaved input. Returns the unsubscribe function. */
export function onUnsavedInputChange(listener: () => void): () => void {
  unsavedListeners.add(listener)
  return () => unsavedListeners.delete(listener)
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
