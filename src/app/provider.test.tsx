// React may throw away the app's first render before it commits (the tree suspends while a lazy
// part loads) and run the components' state initializers again. The query cache must survive
// that: the data the server put into the page's HTML is handed out once (src/lib/boot.ts), and a
// second cache would miss it and ask the API (Lighthouse's /home asked for its listing, facets
// and ranking, its product page for the product, though the HTML carried them).
import { QueryClient, useQueryClient } from "@tanstack/react-query"
import { act, screen } from "@testing-library/react"
import { startTransition, use } from "react"
import { createRoot } from "react-dom/client"
import { expect, it } from "vitest"
import { AppProvider } from "./provider"

it("keeps one query cache when React throws away the first render", async () => {
  const caches = new Set<QueryClient>()
  let release!: () => void
  const loaded = new Promise<void>((resolve) => (release = resolve))
  function LazyPart() {
    caches.add(useQueryClient())
    use(loaded) // suspends the first render: no boundary above, so nothing commits
    return <p>pronto</p>
  }
  const container = document.body.appendChild(document.createElement("div"))
  const root = createRoot(container)
  try {
    await act(async () => {
      startTransition(() =>
        root.render(
          <AppProvider>
            <LazyPart />
          </AppProvider>,
        ),
      )
    })
    expect(screen.queryByText("pronto")).toBeNull()
    expect(caches.size).toBe(1)
    await act(async () => release())
    expect(await screen.findByText("pronto")).toBeTruthy()
    expect(caches.size).toBe(1)
  } finally {
    act(() => root.unmount())
    container.remove()
  }
})
