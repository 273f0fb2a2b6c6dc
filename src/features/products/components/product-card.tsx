import { lazy, Suspense } from "react"
import { Link } from "react-router-dom"
import { Badge } from "@/components/ui/badge"
import { ClickIcon, CommentIcon, EyeIcon } from "@/components/ui/icons"
import { paths } from "@/config/paths"
import { limits } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import type { ProductCardData, ProductStatus } from "../types"
import { CardVote } from "./card-vote"
import { Cover } from "./cover"
import { productHref } from "./product-href"

// only owners see it: its menu and dialog code (Headless UI) loads on their cards alone
const OwnerMenu = lazy(() => import("./owner-menu").then((m) => ({ default: m.OwnerMenu })))

const statusBadges = {
  pending: { text: "Em análise", className: "bg-sky-50 text-sky-800 ring-sky-200" },
  rejected: { text: "Rejeitado", className: "bg-red-50 text-red-700 ring-red-200" },
} as const

/**
 * `productStatus`: shown as a badge when not approved (the owner's own lists). `rank`: the place in
 * a ranking, as a badge on the image (1, 2 and 3 in gold, silver and bronze). `position`: the
 * card's place in its grid; the first row's covers load at once, the very first one (the page's
 * largest paint on a phone) with high priority, the rest when scrolled near.
 */
export function ProductCard({
  product,
  productStatus,
  rank,
  position = Infinity,
}: {
  product: ProductCardData
  productStatus?: ProductStatus
  rank?: number
  position?: number
}) {
  const { status, user } = useAuth()
  const signedIn = status === "signed-in"
  const isOwner = signedIn && !!user && product.maker?.id === user.id
  const statusBadge = productStatus && productStatus !== "approved" ? statusBadges[productStatus] : null
  const href = productHref(signedIn, product.slug)
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to={href} className="relative block aspect-[4/3] bg-stone-100" tabIndex={-1} aria-hidden="true">
        <Cover product={product} position={position} layout="card" />
        {(product.builtWithLovable || product.builtWithEpic) && (
          <span className={`absolute left-2 flex flex-wrap gap-1 ${rank ? "bottom-2" : "top-2"}`}>
            {product.builtWithLovable && <Badge tone="brand">Feito com Lovable</Badge>}
            {product.builtWithEpic && <Badge tone="violet">Feito com EPIC</Badge>}
          </span>
        )}
      </Link>
      {rank !== undefined && <RankBadge rank={rank} className="absolute top-2 left-2" />}
      {isOwner && (
        <div className="absolute top-2 right-2">
          <Suspense fallback={<span className="block size-8 rounded-full bg-white/80 ring-1 ring-stone-200" />}>
            <OwnerMenu product={product} />
          </Suspense>
        </div>
      )}

      <div className="flex flex-1 flex-col gap-2 p-4">
        {(statusBadge || product.category) && (
          <div className="flex flex-wrap items-center gap-2">
            {statusBadge && (
              <span
                className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusBadge.className}`}
              >
                {statusBadge.text}
              </span>
            )}
            {product.category && (
              <Link to={paths.category(product.category.id)}>
                <Badge tone="amber">{product.category.name}</Badge>
              </Link>
            )}
          </div>
        )}
        <h2 className="text-base leading-snug font-semibold">
          <Link to={href} className="hover:text-brand-700">
            {product.title}
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>
        {product.tags.length > 0 && (
          <ul className="flex flex-wrap gap-x-3" aria-label="Tags">
            {product.tags.slice(0, limits.cardTags).map((t) => (
              <li key={t.id}>
                {/* 24 px tall: a finger's target */}
                <Link
                  to={paths.tag(t.id)}
                  className="inline-flex min-h-6 items-center text-xs text-stone-500 hover:text-brand-700"
                >
                  #{t.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {product.maker?.username && (
          <Link
            to={paths.maker(product.maker.username)}
            className="mt-auto flex items-center gap-2 pt-1 text-sm text-stone-700 hover:text-brand-700"
          >
            {product.maker.avatarUrl ? (
              <img
                src={product.maker.avatarUrl}
                alt=""
                className="size-6 rounded-full object-cover"
                width={24}
                height={24}
                loading="lazy"
              />
            ) : (
              <span className="flex size-6 items-center justify-center rounded-full bg-stone-200 text-xs font-semibold">
                {product.maker.displayName.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="truncate">{product.maker.displayName}</span>
          </Link>
        )}
        <div className="flex items-center justify-between border-t border-stone-100 pt-3 text-xs text-stone-500">
          <div className="flex items-center gap-3">
            <span className="flex items-center gap-1" title="Visualizações">
              <EyeIcon className="size-4" />
              <span className="sr-only">Visualizações:</span>
              {product.viewCount}
            </span>
            <span className="flex items-center gap-1" title="Cliques">
              <ClickIcon className="size-4" />
              <span className="sr-only">Cliques:</span>
              {product.clickCount}
            </span>
            <Link
              to={`${href}#comentarios`}
              className="flex items-center gap-1 hover:text-brand-700"
              title="Comentários"
            >
              <CommentIcon className="size-4" />
              <span className="sr-only">Comentários:</span>
              {product.commentCount}
            </Link>
          </div>
          <CardVote product={product} disabled={!!productStatus && productStatus !== "approved"} />
        </div>
      </div>
    </article>
  )
}

const PODIUM = [
  "bg-amber-300 text-amber-950 ring-amber-400",
  "bg-stone-200 text-stone-800 ring-stone-300",
  "bg-orange-300 text-orange-950 ring-orange-400",
]

/** '1º' (read as '1º lugar'): gold, silver and bronze for the podium, white below it. */
export function RankBadge({ rank, className = "" }: { rank: number; className?: string }) {
  const tone = PODIUM[rank - 1] ?? "bg-white text-stone-800 ring-stone-200"
  return (
    <span
      className={`inline-flex h-8 min-w-8 items-center justify-center rounded-full px-2 text-sm font-extrabold tabular-nums shadow-sm ring-1 ${tone} ${className}`}
      data-testid="rank"
    >
      {rank}º<span className="sr-only"> lugar</span>
    </span>
  )
}
