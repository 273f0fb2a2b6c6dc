import { useSearchParams } from "react-router-dom"
import { OfflineBanner } from "@/components/ui/offline-banner"
import { useProducts } from "../api/get-products"
import type { ProductListParams } from "../types"
import { ProductGrid, ProductGridSkeleton } from "./product-grid"

/** /home: approved products, newest first (filters and sort tabs come with the products issue). */
export function DiscoveryPage() {
  const [params] = useSearchParams()
  const listParams: ProductListParams = {
    search: params.get("search") ?? undefined,
    sort: params.get("sort") === "top" ? "top" : "recent",
  }
  const { data, isPending, isError } = useProducts(listParams)

  return (
    <div>
      <div className="mb-8">
        <h1 className="bg-gradient-to-r from-brand-600 to-accent-500 bg-clip-text text-3xl font-extrabold tracking-tight text-transparent sm:text-4xl">
          Descubra produtos amáveis
        </h1>
        <p className="mt-2 text-stone-600">Produtos incríveis criados pela comunidade, com IA e no-code.</p>
      </div>
      {data?.fromCache && <OfflineBanner savedAt={data.savedAt} />}
      {isPending ? (
        <ProductGridSkeleton />
      ) : isError ? (
        <div role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
          Não foi possível carregar os produtos. Verifique sua conexão e tente novamente.
        </div>
      ) : (
        <ProductGrid products={data.data} />
      )}
    </div>
  )
}
