// /home: today's top 3 ('Lançamentos de hoje'), then approved products with sort tabs and
// filters; signed-in users also get the tab 'Seguindo' (the makers they follow, newest first).
// The whole view (search, sort, category, tag, lovable, epic, following) lives in the URL.
// Offline: the saved first page of the same view, with the banner; the filter counts come from
// their own saved copy.
import { lazy, Suspense, useState } from "react"
import { Button, ButtonLink } from "@/components/ui/button"
import { FilterIcon } from "@/components/ui/icons"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { useMedia } from "@/lib/use-media"
import { useFacets } from "../api/get-facets"
import { useProducts } from "../api/get-products"
import { activeFilterCount, FiltersPanel, type FilterValues } from "./filters-panel"
import { countText } from "./count-text"
import { LaunchStrip } from "./launch-strip"
import { useListingParams, type ListingChanges } from "./listing-params"
import { NoProducts } from "./product-grid"
import { ProductListing } from "./product-listing"
import { SortTabs } from "./sort-tabs"

const FiltersSheet = lazy(() => import("./filters-sheet"))

/** Tailwind's lg: the filters sit beside the listing */
const WIDE = "(min-width: 64rem)"
/** Rendered at build time (the first screen prerendered, routes/home.prerender.tsx): any width */
const PRERENDER = typeof window === "undefined"

const ACCEPTED = ["search", "sort", "category", "tag", "lovable", "epic", "following"] as const

export function DiscoveryPage() {
  const { status, user } = useAuth()
  const signedIn = status === "signed-in"
  const { params, sort, update, setSort, setFollowing } = useListingParams(ACCEPTED)
  // 'Seguindo' is for the signed-in; a shared link opened signed out shows the usual listing
  const following = !!params.following && signedIn
  const listing = useProducts({ ...params, following }, user?.id ?? "")
  // the counts beside each filter follow the active ones (the 'Seguindo' feed: the public counts)
  const facets = useFacets(
    following
      ? {}
      : {
          search: params.search,
          category: params.category,
          tag: params.tag,
          lovable: params.lovable,
          epic: params.epic,
        },
  )
  // mounted on the first tap only, then kept so it can animate closed
  const [sheet, setSheet] = useState<"unloaded" | "open" | "closed">("unloaded")
  const values: FilterValues = {
    category: params.category,
    tag: params.tag,
    lovable: params.lovable,
    epic: params.epic,
  }
  const active = activeFilterCount(values)
  const onChange = (changes: ListingChanges) => update(changes)
  const wide = useMedia(WIDE)

  return (
    <div>
      <title>Descubra produtos — Vitrine</title>
      <LaunchStrip />
      <div className="mb-6">
        <h1 className="bg-gradient-to-r from-brand-600 to-accent-500 bg-clip-text text-3xl font-extrabold tracking-tight text-transparent sm:text-4xl">
          Descubra produtos amáveis
        </h1>
        <p className="mt-2 text-stone-600">Produtos incríveis criados pela comunidade, com IA e no-code.</p>
      </div>

      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        {/* from lg up; a phone never renders it (its filters open in the sheet): a third of the
            first screen's elements it would not show. Prerendered, CSS shows it from lg up. */}
        {(wide || PRERENDER) && (
          <aside aria-label="Filtros" className={wide ? undefined : "hidden lg:block"}>
            <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-4">
              <FiltersPanel facets={facets.data?.data} values={values} onChange={onChange} />
            </div>
          </aside>
        )}

        <section aria-label="Produtos">
          <div className="mb-4 flex items-center justify-between gap-2">
            <SortTabs
              value={following ? "following" : sort}
              onChange={setSort}
              onFollowing={signedIn ? setFollowing : undefined}
              searching={!!params.search}
            />
            <button
              type="button"
              onClick={() => setSheet("open")}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 lg:hidden"
              aria-haspopup="dialog"
            >
              <FilterIcon className="size-4" strokeWidth={2.5} />
              {/* with the 'Seguindo' tab there is no room for the word on a phone: the icon stays */}
              <span className={signedIn ? "sr-only min-[420px]:not-sr-only" : undefined}>Filtros</span>
              {active > 0 && (
                <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">
                  <span className="sr-only">(ativos: </span>
                  {active}
                  <span className="sr-only">)</span>
                </span>
              )}
            </button>
          </div>
          <ResultCount listing={listing} search={following ? undefined : params.search} />
          <ProductListing
            listing={listing}
            empty={
              following ? (
                <>
                  <p className="text-lg font-semibold">Nada por aqui ainda</p>
                  <p className="mt-1 text-sm text-stone-600">
                    Siga makers na página deles ou no card &quot;Criado por&quot; de um produto para ver os lançamentos
                    aqui.
                  </p>
                  <ButtonLink to={paths.ranking} variant="secondary" className="mt-4">
                    Descobrir no ranking
                  </ButtonLink>
                </>
              ) : active > 0 || params.search ? (
                <NoProducts>
                  <Button
                    variant="secondary"
                    className="mt-4"
                    onClick={() => update({ search: null, category: null, tag: null, lovable: null, epic: null })}
                  >
                    Limpar filtros
                  </Button>
                </NoProducts>
              ) : undefined
            }
          />
        </section>
      </div>

      {sheet !== "unloaded" && (
        <Suspense fallback={null}>
          <FiltersSheet
            open={sheet === "open"}
            onClose={() => setSheet("closed")}
            facets={facets.data?.data}
            values={values}
            onChange={onChange}
          />
        </Suspense>
      )}
    </div>
  )
}

/** How many the listing holds ('{n} produtos encontrados', '{n} resultados para "..."'). */
function ResultCount({ listing, search }: { listing: ReturnType<typeof useProducts>; search?: string }) {
  const { total, totalMore, isPending } = listing
  const text = isPending || total === null ? "" : countText(total, totalMore, search)
  return (
    <p className="mb-3 min-h-5 text-sm text-stone-600" aria-live="polite" data-testid="result-count">
      {text}
    </p>
  )
}
