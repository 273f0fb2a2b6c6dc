// The launch ranking: /ranking with the tabs 'Hoje', 'Ontem', 'Semana', 'Mês' (the tab lives in the
// URL, ?periodo=), and /ranking/AAAA-MM-DD for one day with links to the day before and after.
// Products launched (approved) in the period, by votes, ties to the earlier published, each with
// its place (1, 2 and 3 highlighted) and the listing's card. Days are São Paulo days, told by
// the server. Offline: the first page saved on this device, with its age (see get-ranking.ts).
import { Link, useSearchParams } from "react-router-dom"
import { OfflineBanner } from "@/components/ui/offline-banner"
import { PillTabs } from "@/components/ui/pill-tabs"
import { paths } from "@/config/paths"
import { formatDay, formatMonth, formatShortDay } from "@/lib/dates"
import { useSearchUpdate } from "@/lib/use-search-update"
import { useRanking } from "../api/get-ranking"
import type { RankingPage, RankingQuery } from "../types"
import { ProductCard } from "./product-card"
import { ProductGridSkeleton } from "./product-grid"

const TABS = [
  ["hoje", "Hoje"],
  ["ontem", "Ontem"],
  ["semana", "Semana"],
  ["mes", "Mês"],
] as const
type Tab = (typeof TABS)[number][0]
const PERIOD_OF: Record<Tab, RankingQuery["period"]> = {
  hoje: "today",
  ontem: "yesterday",
  semana: "week",
  mes: "month",
}
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/

export function RankingTabsPage() {
  const [params] = useSearchParams()
  const write = useSearchUpdate()
  const raw = params.get("periodo")
  const tab: Tab = TABS.some(([k]) => k === raw) ? (raw as Tab) : "hoje"
  const setTab = (next: Tab) =>
    write(
      (p) => {
        if (next === "hoje") p.delete("periodo")
        else p.set("periodo", next)
      },
      { replace: true },
    )
  return (
    <div className="space-y-6">
      <title>Ranking de lançamentos — Vitrine</title>
      <RankingHeader />
      <PillTabs tabs={TABS} value={tab} onChange={setTab} className="flex-wrap" />
      <RankingList key={tab} query={{ period: PERIOD_OF[tab] }} />
    </div>
  )
}

export function RankingDayPage({ day }: { day: string }) {
  const valid = DAY_RE.test(day) && !Number.isNaN(new Date(`${day}T12:00:00Z`).getTime())
  return (
    <div className="space-y-6">
      <title>{valid ? `Ranking de ${formatShortDay(day)} — Vitrine` : "Ranking — Vitrine"}</title>
      <RankingHeader />
      {valid ? (
        <RankingList key={day} query={{ period: "day", date: day }} dayLinks />
      ) : (
        <p role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
          Data inválida. Use o formato AAAA-MM-DD.{" "}
          <Link to={paths.ranking} className="font-semibold underline">
            Ver o ranking de hoje
          </Link>
        </p>
      )}
    </div>
  )
}

function RankingHeader() {
  return (
    <div>
      <h1 className="bg-gradient-to-r from-brand-600 to-accent-500 bg-clip-text text-3xl font-extrabold tracking-tight text-transparent sm:text-4xl">
        Ranking de lançamentos
      </h1>
      <p className="mt-2 text-stone-600">
        Os produtos lançados em cada período, pelos votos da comunidade. Horário de Brasília.
      </p>
    </div>
  )
}

/** What the period is, in words: 'Hoje, 14 de março de 2025', 'Semana de 10/03 a 16/03'... */
function periodTitle(head: RankingPage, query: RankingQuery): string {
  if (head.period === "week") return `Semana de ${formatShortDay(head.from)} a ${formatShortDay(head.to)}`
  if (head.period === "month") {
    const month = formatMonth(head.key)
    return month.charAt(0).toUpperCase() + month.slice(1)
  }
  const day = formatDay(head.key)
  if (query.period === "today") return `Hoje, ${day}`
  if (query.period === "yesterday") return `Ontem, ${day}`
  return day.charAt(0).toUpperCase() + day.slice(1)
}

function emptyText(head: RankingPage, query: RankingQuery): string {
  if (head.period === "week") return "Nenhum lançamento nesta semana."
  if (head.period === "month") return "Nenhum lançamento neste mês."
  if (query.period === "today") return "Nenhum lançamento hoje ainda."
  return "Nenhum lançamento neste dia."
}

function RankingList({ query, dayLinks = false }: { query: RankingQuery; dayLinks?: boolean }) {
  const ranking = useRanking(query)
  const { head, items, isPending, isError, fromCache, savedAt } = ranking
  if (isPending) return <ProductGridSkeleton />
  if (isError && !head)
    return (
      <div role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
        Não foi possível carregar o ranking. Verifique sua conexão e tente novamente.
      </div>
    )
  if (!head) return null
  const showDays = dayLinks || query.period === "today" || query.period === "yesterday"
  return (
    <section aria-labelledby="ranking-periodo" className="space-y-4">
      {fromCache && <OfflineBanner savedAt={savedAt} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ranking-periodo" className="text-xl font-bold text-stone-900">
          {periodTitle(head, query)}
        </h2>
        {showDays && head.period === "day" && <DayLinks prev={head.prev} next={head.next} />}
      </div>
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
          <p className="text-lg font-semibold">{emptyText(head, query)}</p>
          <p className="mt-1 text-sm text-stone-600">
            Os produtos aprovados entram no ranking do dia em que foram publicados.
          </p>
        </div>
      ) : (
        <ol className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Produtos por votos">
          {items.map((i) => (
            <li key={i.product.id}>
              <ProductCard product={i.product} rank={i.rank} />
            </li>
          ))}
        </ol>
      )}
      {ranking.hasNextPage && (
        <div className="flex flex-col items-center gap-2 pt-2">
          {ranking.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              Não foi possível carregar mais produtos. Verifique sua conexão e tente novamente.
            </p>
          )}
          <button
            type="button"
            onClick={() => void ranking.fetchNextPage()}
            disabled={ranking.isFetchingNextPage}
            className="rounded-lg bg-white px-5 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 transition hover:bg-stone-50 disabled:opacity-60"
          >
            {ranking.isFetchingNextPage ? "Carregando..." : "Carregar mais"}
          </button>
        </div>
      )}
    </section>
  )
}

const dayLink =
  "inline-flex items-center gap-1 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"

function DayLinks({ prev, next }: { prev: string; next: string | null }) {
  return (
    <nav aria-label="Outros dias" className="flex gap-2">
      <Link to={paths.rankingDay(prev)} className={dayLink}>
        <span aria-hidden="true">←</span> Dia anterior
      </Link>
      {next && (
        <Link to={paths.rankingDay(next)} className={dayLink}>
          Próximo dia <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  )
}
