// A maker page's approved products. Offline: the copy saved on this device (with its age) or an
// error when there is none.
import { OfflineBanner } from "@/components/ui/offline-banner"
import { useUserProducts } from "../api/get-user-products"
import { ProductGridSkeleton } from "./product-grid"
import { ProductsLoadError, UserProductGrid } from "./user-product-grid"

/** A maker page's 'Produtos': approved products only, newest first. */
export function MakerProducts({ makerId }: { makerId: string }) {
  const { data, isPending, isError } = useUserProducts({ userId: makerId })
  return (
    <section aria-labelledby="maker-products-title" className="space-y-4">
      <h2 id="maker-products-title" className="text-xl font-bold tracking-tight">
        Produtos
      </h2>
      {data?.fromCache && <OfflineBanner savedAt={data.savedAt} />}
      {isPending ? (
        <ProductGridSkeleton />
      ) : isError ? (
        <ProductsLoadError />
      ) : (
        <UserProductGrid products={data.data} empty="Nenhum produto publicado ainda" />
      )}
    </section>
  )
}
