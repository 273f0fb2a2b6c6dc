// 'Lançamentos de hoje' at the top of /home: the day's top 3 (São Paulo time) and 'Ver ranking'.
// Light on purpose (it is on a visitor's first route): plain links, no vote button, no date
// formatting; its height is fixed while loading so the page below does not jump. Offline: the
// saved copy of today's top 3, like any ranking page (get-ranking.ts).
import { Link } from "react-router-dom"
import { ArrowUpIcon, ImageIcon } from "@/components/ui/icons"
import { paths } from "@/config/paths"
import { limits } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { useRanking } from "../api/get-ranking"
import { RankBadge } from "./product-card"
import { productHref } from "./product-href"

const ROW = "flex h-16 items-center gap-3 rounded-xl border border-stone-200 bg-white p-2 pr-3 shadow-sm sm:h-20"

export function LaunchStrip() {
  const { status } = useAuth()
  const { items, isPending, isError } = useRanking({ period: "today", limit: limits.launchStrip })
  if (isError && items.length === 0) return null // the listing below says what is wrong
  return (
    <section aria-labelledby="lancamentos-hoje" className="mb-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="lancamentos-hoje" className="text-lg font-bold tracking-tight text-stone-900">
          Lançamentos de hoje
        </h2>
        <Link to={paths.ranking} className="text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline">
          Ver ranking <span aria-hidden="true">→</span>
        </Link>
      </div>
      {isPending ? (
        <div
          className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3"
          role="status"
          aria-busy="true"
          aria-label="Carregando lançamentos de hoje"
        >
          {Array.from({ length: limits.launchStrip }, (_, i) => (
            <div key={i} className={`${ROW} animate-pulse`}>
              <div className="h-12 w-16 rounded-lg bg-stone-200 sm:h-16 sm:w-20" />
              <div className="h-4 flex-1 rounded bg-stone-200" />
            </div>
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="flex h-16 items-center rounded-xl border border-dashed sm:h-20 border-stone-300 bg-white px-4 text-sm text-stone-600">
          Nenhum lançamento hoje ainda. Veja os dias anteriores no ranking.
        </p>
      ) : (
        <ol className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3" aria-label="Os 3 mais votados de hoje">
          {items.map(({ rank, product }) => {
            const href = productHref(status === "signed-in", product.slug)
            return (
              <li key={product.id}>
                <Link to={href} className={`${ROW} transition hover:border-brand-300 hover:shadow-md`}>
                  <span className="relative h-12 w-16 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:h-16 sm:w-20">
                    {product.coverUrl ? (
                      <img
                        src={product.coverUrl}
                        alt=""
                        width={80}
                        height={64}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover"
                      />
                    ) : (
                      <ImageIcon className="m-auto mt-3 size-6 text-stone-500 sm:mt-5" />
                    )}
                    <RankBadge
                      rank={rank}
                      className="absolute top-0.5 left-0.5 h-5 min-w-5 px-1 text-[11px] sm:h-6 sm:min-w-6 sm:text-xs"
                    />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-stone-900">{product.title}</span>
                    {product.maker && (
                      <span className="block truncate text-xs text-stone-500">{product.maker.displayName}</span>
                    )}
                  </span>
                  <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-stone-700">
                    <ArrowUpIcon className="size-4" />
                    {product.voteCount}
                    <span className="sr-only">{product.voteCount === 1 ? " voto" : " votos"}</span>
                  </span>
                </Link>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
