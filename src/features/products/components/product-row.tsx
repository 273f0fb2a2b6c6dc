// A product in the compact phone feed: the thumbnail beside the title, one line of description,
// category, badges and tags on one line, and the vote button (a 44 px target) at the right.
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { limits } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import type { ProductCardData } from "../types"
import { CardVote } from "./card-vote"
import { Cover } from "./cover"
import { productHref } from "./product-href"

const chip = "inline-flex h-6 items-center text-xs whitespace-nowrap"

export function ProductRow({ product, position = Infinity }: { product: ProductCardData; position?: number }) {
  const { status } = useAuth()
  const href = productHref(status === "signed-in", product.slug)
  return (
    <article className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      <Link
        to={href}
        className="block aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-lg bg-stone-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Cover product={product} position={position} layout="row" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 className="line-clamp-2 text-sm leading-snug font-semibold">
          <Link to={href} className="hover:text-brand-700">
            {product.title}
          </Link>
        </h2>
        <p className="line-clamp-1 text-xs text-stone-600">{product.description}</p>
        {/* one line: what does not fit wraps out of sight (the product page lists it all), so a row
            stays three lines high however many badges and tags the product has */}
        <div className="flex h-6 flex-wrap items-center gap-x-2 overflow-hidden text-stone-500">
          {product.category && (
            <Link to={paths.category(product.category.id)} className={`${chip} font-medium text-amber-800`}>
              {product.category.name}
            </Link>
          )}
          {product.builtWithLovable && <span className={`${chip} text-brand-700`}>Feito com Lovable</span>}
          {product.builtWithEpic && <span className={`${chip} text-violet-700`}>Feito com EPIC</span>}
          {product.tags.slice(0, limits.cardTags).map((t) => (
            <Link key={t.id} to={paths.tag(t.id)} className={`${chip} hover:text-brand-700`}>
              #{t.name}
            </Link>
          ))}
        </div>
      </div>
      <div className="shrink-0 self-center">
        <CardVote product={product} className="text-xs" />
      </div>
    </article>
  )
}
