// A listing's grid with its states: skeletons, error, empty, the offline banner (first page saved
// on this device), and more pages as the user scrolls (a sentinel) or taps 'Carregar mais'.
import { startTransition, useEffect, useRef, useState, type ReactNode } from "react"
import { OfflineBannerLater } from "@/components/ui/offline-banner-later"
import { takeOpeningScreen } from "@/lib/after-load"
import type { useProducts } from "../api/get-products"
import { ProductGrid, ProductGridSkeleton } from "./product-grid"

type Listing = ReturnType<typeof useProducts>

/** What a phone's or a laptop's first screen shows of a listing: the first render's cards. */
export const FIRST_SCREEN_CARDS = 6

/**
 * How many of `total` cards to render. The first listing of a freshly opened page (or one reloaded
 * or gone back to at its top: takeOpeningScreen) renders the cards of its first screen, then the
 * rest in a transition (React renders it in slices and lets the browser paint and answer taps
 * between them): on a phone, 24 cards in one go are one long task just as the page becomes usable.
 * Every later listing renders whole at once.
 */
function useCardsToRender(total: number): number {
  const [limit, setLimit] = useState(() => (takeOpeningScreen() ? FIRST_SCREEN_CARDS : Infinity))
  useEffect(() => {
    if (limit < total) startTransition(() => setLimit(Infinity))
  }, [limit, total])
  return Math.min(limit, total)
}

/** `empty`: what an empty listing says instead of the default (e.g. the 'Seguindo' feed). */
export function ProductListing({ listing, empty }: { listing: Listing; empty?: ReactNode }) {
  const { products, isPending, isError, fromCache, savedAt } = listing
  const rendered = useCardsToRender(isPending ? 0 : products.length)
  return (
    <div>
      {fromCache && <OfflineBannerLater savedAt={savedAt} />}
      {isPending ? (
        <ProductGridSkeleton />
      ) : isError && products.length === 0 ? (
        <div role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
          Não foi possível carregar os produtos. Verifique sua conexão e tente novamente.
        </div>
      ) : (
        <>
          <ProductGrid products={rendered < products.length ? products.slice(0, rendered) : products} empty={empty} />
          {/* the next page loads as its sentinel comes into view: not while the first cards are alone */}
          {rendered === products.length && <LoadMore listing={listing} />}
        </>
      )}
    </div>
  )
}

function LoadMore({ listing }: { listing: Listing }) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, fromCache } = listing
  const sentinel = useRef<HTMLDivElement>(null)
  // scrolling loads by itself, except after a failed page or offline (then only the button does)
  const auto = hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !fromCache

  useEffect(() => {
    const el = sentinel.current
    if (!auto || !el || typeof IntersectionObserver === "undefined") return
    // observed anew after each page: a sentinel still in view then fires again
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage()
      },
      { rootMargin: "0px 0px 600px 0px" },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [auto, fetchNextPage])

  if (!hasNextPage) return null
  return (
    <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
      {isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar mais produtos. Verifique sua conexão e tente novamente.
        </p>
      )}
      <button
        type="button"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
        className="rounded-lg bg-white px-5 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 transition hover:bg-stone-50 disabled:opacity-60"
      >
        {isFetchingNextPage ? "Carregando..." : "Carregar mais"}
      </button>
    </div>
  )
}
