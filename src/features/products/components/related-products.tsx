import { useRelatedProducts } from "../api/get-related"
import { cn } from "@/lib/cn"
import { ProductCard } from "./product-card"

/** 'Produtos relacionados': up to 3 of the same category, most voted first. `className`: the section's. */
export function RelatedProducts({ productId, className }: { productId: string; className?: string }) {
  const { data } = useRelatedProducts(productId)
  if (!data || data.length === 0) return null
  return (
    <section aria-labelledby="relacionados" className={cn(className, "space-y-4")}>
      <h2 id="relacionados" className="text-xl font-bold text-stone-900">
        Produtos relacionados
      </h2>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-products">
        {data.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </section>
  )
}
