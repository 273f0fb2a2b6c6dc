// How the browser opened the page, for modules that read it when they load (src/lib/after-load.ts).
import { vi } from "vitest"

/** performance's navigation entry says `type` (navigate, reload, back_forward) until the spy is restored. */
export function stubNavigationType(type: string) {
  const getEntriesByType = performance.getEntriesByType.bind(performance)
  return vi
    .spyOn(performance, "getEntriesByType")
    .mockImplementation((t: string) =>
      t === "navigation" ? ([{ type }] as unknown as PerformanceEntryList) : getEntriesByType(t),
    )
}
