import type { ReactNode } from "react"
import type { ProductCardData } from "../types"
import { ProductCard } from "./product-card"

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
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} position={i} />
      ))}
    </div>
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
