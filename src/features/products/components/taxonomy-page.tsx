// /categories/{id} and /tags/{id}: one category's or tag's approved products, with sort and the
// header's search (and the other taxonomy as a URL filter). The name and the unfiltered count come
// from the facets; an unknown id shows a not-found state. Offline: the saved copies of both.
import { Link } from "react-router-dom"
import { Breadcrumb } from "@/components/ui/breadcrumb"
import { paths } from "@/config/paths"
import { useFacets } from "../api/get-facets"
import { useProducts } from "../api/get-products"
import type { ProductListParams } from "../types"
import { useListingParams, type ListingParam } from "./listing-params"
import { ProductListing } from "./product-listing"
import { countText } from "./count-text"
import { SortTabs } from "./sort-tabs"

type Kind = "category" | "tag"

const ACCEPTED: Record<Kind, readonly ListingParam[]> = {
  category: ["search", "sort", "tag"],
  tag: ["search", "sort", "category"],
}

const NOT_FOUND: Record<Kind, string> = {
  category: "Categoria não encontrada",
  tag: "Tag não encontrada",
}

export function TaxonomyPage({ kind, id }: { kind: Kind; id: string }) {
  const { params, sort, setSort } = useListingParams(ACCEPTED[kind])
  const listParams: ProductListParams = { ...params, [kind]: id }
  const listing = useProducts(listParams)
  const facets = useFacets()
  const items = kind === "category" ? facets.data?.data.categories : facets.data?.data.tags
  const item = items?.find((i) => i.id === id)

  if (facets.isSuccess && !item) {
    return (
      <div className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">{NOT_FOUND[kind]}</h1>
        <p className="mt-2 text-stone-600">O link pode estar errado ou o conteúdo foi removido.</p>
        <Link
          to={paths.home}
          className="mt-6 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Voltar para o início
        </Link>
      </div>
    )
  }

  const name = item ? (kind === "tag" ? `#${item.name}` : item.name) : ""
  // the count of what is listed: the server's total when it sends one; else the facet count when
  // nothing narrows the list, or what was loaded once every page is in
  const narrowed = !!params.search || !!(kind === "category" ? params.tag : params.category)
  const total =
    listing.total ??
    (!narrowed && item ? item.count : !listing.isPending && !listing.hasNextPage ? listing.products.length : null)

  return (
    <div>
      <title>{`${name || (kind === "tag" ? "Tag" : "Categoria")} — Vitrine`}</title>
      <Breadcrumb current={name || "…"} className="mb-4" />
      <div className="mb-6">
        {name ? (
          <h1 className="bg-gradient-to-r from-brand-600 to-accent-500 bg-clip-text text-3xl font-extrabold tracking-tight break-words text-transparent sm:text-4xl">
            {name}
          </h1>
        ) : (
          <div className="h-9 w-56 animate-pulse rounded bg-stone-200 sm:h-10" aria-hidden="true" />
        )}
        <p className="mt-2 min-h-6 text-stone-600" aria-live="polite">
          {total !== null && countText(total, listing.total !== null && listing.totalMore, params.search)}
        </p>
      </div>
      <div className="mb-4">
        <SortTabs value={sort} onChange={setSort} searching={!!params.search} />
      </div>
      <ProductListing listing={listing} />
    </div>
  )
}
