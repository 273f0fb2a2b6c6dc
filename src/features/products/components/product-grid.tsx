import type { ReactNode } from "react"
import type { ProductCardData } from "../types"
import { useDensity, usePhoneWidth } from "./feed-density"
import { ProductCard } from "./product-card"
import { ProductRow } from "./product-row"

export const SKELETON_CARDS = 6

/** The spec's empty listing text, with an optional way out (`children`, e.g. 'Limpar filtros'). */
export function NoProducts({ children }: { children?: ReactNode }) {
  return (
    <>
      <p className="text-lg font-semibold">Nenhum produto encontrado</p>
      <p className="mt-1 text-sm text-stone-600">Tente ajustar os filtros ou seja o primeiro a enviar um produto!</p>
      {children}
    </>
  )
}

export function ProductGrid({ products, empty }: { products: ProductCardData[]; empty?: ReactNode }) {
  if (products.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        {empty ?? <NoProducts />}
      </div>
    )
  }
  return <Products products={products} />
}

/** Large cards in a grid; on a phone, compact rows unless the user chose the large cards. */
function Products({ products }: { products: ProductCardData[] }) {
  const [density, setDensity] = useDensity()
  const compact = usePhoneWidth() && density === "compact"
  return (
    <>
      <div role="group" aria-label="Visualização" className="mb-3 flex justify-end gap-1 sm:hidden">
        {(
          [
            ["compact", "Lista compacta"],
            ["large", "Cards grandes"],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={density === value}
            onClick={() => setDensity(value)}
            className={
              "min-h-11 rounded-lg px-3 text-sm font-semibold " +
              (density === value ? "bg-stone-900 text-white" : "text-stone-600 ring-1 ring-stone-300")
            }
          >
            {label}
          </button>
        ))}
      </div>
      {compact ? (
        <div className="flex flex-col gap-3" data-testid="product-grid">
          {products.map((p, i) => (
            <ProductRow key={p.id} product={p} position={i} />
          ))}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
          {products.map((p, i) => (
            <ProductCard key={p.id} product={p} position={i} />
          ))}
        </div>
      )}
    </>
  )
}

export function ProductGridSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label="Carregando produtos"
    >
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <div
          key={i}
          className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white"
          data-testid="product-skeleton"
        >
          <div className="aspect-[4/3] bg-stone-200" />
          <div className="space-y-3 p-4">
            <div className="h-4 w-1/3 rounded bg-stone-200" />
            <div className="h-5 w-3/4 rounded bg-stone-200" />
            <div className="h-4 w-full rounded bg-stone-200" />
          </div>
        </div>
      ))}
    </div>
  )
}
