import type { ReactNode } from "react"
import type { UserProductCardData } from "../types"
import { ProductCard } from "./product-card"

/** A maker's cards in the listing grid, or `empty` when there are none. */
export function UserProductGrid({
  products,
  empty,
  showStatus = false,
}: {
  products: UserProductCardData[]
  empty: ReactNode
  showStatus?: boolean
}) {
  if (products.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600">
        {empty}
      </div>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} productStatus={showStatus ? p.status : undefined} />
      ))}
    </div>
  )
}

export function ProductsLoadError() {
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
      Não foi possível carregar os produtos. Verifique sua conexão e tente novamente.
    </p>
  )
}
