// /products/{slug}/stats: a product's numbers for its maker (and staff). The last 30 days of views,
// visits ('Visitar Site' clicks), votes and comments as charts with their text summaries, the
// totals, the conversion (visits / views) and the product's places in the launch rankings.
// Refusals come from the server (403 for someone else's product, 404 for one they cannot see).
// Offline: the copy saved on this device, with its age.
import { addDays, format } from "date-fns"
import { ptBR } from "date-fns/locale/pt-BR"
import { Link } from "react-router-dom"
import { ButtonLink } from "@/components/ui/button"
import { OfflineBanner } from "@/components/ui/offline-banner"
import { paths } from "@/config/paths"
import { formatDay, formatMonth, formatShortDay } from "@/lib/dates"
import { ClientResponseError, errorMessage } from "@/lib/pocketbase"
import { useProductStats, type ProductStats, type RankEntry, type Totals } from "../api/get-product-stats"
import { StatsChart, type Unit } from "./stats-chart"

const METRICS: Array<{ key: keyof Totals; title: string; unit: Unit; bar: string }> = [
  {
    key: "views",
    title: "Visualizações por dia",
    unit: { singular: "visualização", plural: "visualizações", none: "Nenhuma visualização" },
    bar: "fill-sky-500",
  },
  {
    key: "clicks",
    title: "Visitas ao site por dia",
    unit: { singular: "visita", plural: "visitas", none: "Nenhuma visita" },
    bar: "fill-emerald-500",
  },
  {
    key: "votes",
    title: "Votos por dia",
    unit: { singular: "voto", plural: "votos", none: "Nenhum voto" },
    bar: "fill-brand-500",
  },
  {
    key: "comments",
    title: "Comentários por dia",
    unit: { singular: "comentário", plural: "comentários", none: "Nenhum comentário" },
    bar: "fill-amber-500",
  },
]

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`

const percent = (v: number | null) =>
  v === null ? "—" : v.toLocaleString("pt-BR", { style: "percent", maximumFractionDigits: 1 })

export function ProductStatsPage({ slug }: { slug: string }) {
  const { data, isPending, isError, error } = useProductStats(slug)
  if (isPending)
    return (
      <div
        className="h-96 animate-pulse rounded-2xl bg-stone-200"
        role="status"
        aria-busy="true"
        aria-label="Carregando"
      />
    )
  if (isError) {
    const status = error instanceof ClientResponseError ? error.status : 0
    return (
      <div className="flex flex-col items-center py-16 text-center">
        <title>Estatísticas — Vitrine</title>
        <h1 className="text-2xl font-semibold text-stone-900">
          {status === 404 ? "Produto não encontrado" : status === 403 ? "Acesso negado" : "Estatísticas indisponíveis"}
        </h1>
        <p role="alert" className="mt-2 max-w-md text-stone-600">
          {status === 404
            ? "Este produto não existe ou você não pode vê-lo."
            : status === 0
              ? "Você está offline e estas estatísticas ainda não foram abertas neste aparelho."
              : errorMessage(error)}
        </p>
        <ButtonLink to={paths.home} variant="secondary" className="mt-8">
          Voltar para Home
        </ButtonLink>
      </div>
    )
  }
  return <StatsView stats={data.data} fromCache={data.fromCache} savedAt={data.savedAt} />
}

function StatsView({ stats, fromCache, savedAt }: { stats: ProductStats; fromCache: boolean; savedAt: number }) {
  const { product } = stats
  return (
    <article className="space-y-8">
      <title>{`Estatísticas de ${product.title} — Vitrine`}</title>
      {fromCache && <OfflineBanner savedAt={savedAt} />}
      <header className="space-y-2">
        <nav aria-label="Trilha de navegação" className="text-sm text-stone-500">
          <Link to={paths.product(product.slug)} className="hover:text-brand-700">
            <span aria-hidden="true">← </span>
            {product.title}
          </Link>
        </nav>
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Estatísticas</h1>
        <p className="text-sm text-stone-600">
          {product.title} · últimos 30 dias ({formatShortDay(stats.from)} a {formatShortDay(stats.to)}), horário de
          Brasília
        </p>
      </header>

      <section aria-labelledby="totais" className="space-y-3">
        <h2 id="totais" className="text-lg font-bold text-stone-900">
          Totais
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {METRICS.map((m) => (
            <Figure
              key={m.key}
              label={m.unit.plural.charAt(0).toUpperCase() + m.unit.plural.slice(1)}
              value={stats.totals[m.key].toLocaleString("pt-BR")}
              note={`${stats.window[m.key].toLocaleString("pt-BR")} em 30 dias`}
            />
          ))}
          <Figure
            label="Conversão"
            value={percent(stats.conversion)}
            note={stats.conversion === null ? "sem visualizações ainda" : "visitas ÷ visualizações"}
            className="col-span-2 sm:col-span-1"
          />
        </dl>
      </section>

      <section aria-labelledby="por-dia" className="space-y-3">
        <h2 id="por-dia" className="text-lg font-bold text-stone-900">
          Dia a dia
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {METRICS.map((m) => (
            <StatsChart
              key={m.key}
              title={m.title}
              days={stats.days}
              values={stats.days.map((d) => d[m.key])}
              unit={m.unit}
              barClass={m.bar}
            />
          ))}
        </div>
        <p className="text-sm text-stone-600">
          Conversão nos últimos 30 dias: <strong>{percent(stats.windowConversion)}</strong>
          {stats.windowConversion !== null &&
            ` (${plural(stats.window.clicks, "visita", "visitas")} de ${plural(stats.window.views, "visualização", "visualizações")})`}
          .
        </p>
      </section>

      <section aria-labelledby="ranking-historico" className="space-y-3">
        <h2 id="ranking-historico" className="text-lg font-bold text-stone-900">
          No ranking
        </h2>
        {stats.ranks.length === 0 ? (
          <p className="text-sm text-stone-600">O produto entra no ranking no dia em que for aprovado.</p>
        ) : (
          <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm">
            {stats.ranks.map((r) => (
              <RankRow key={r.period} entry={r} />
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}

function Figure({
  label,
  value,
  note,
  className = "",
}: {
  label: string
  value: string
  note: string
  className?: string
}) {
  return (
    <div className={`rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-sm ${className}`}>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-stone-900 tabular-nums">{value}</dd>
      <dd className="text-xs text-stone-500">{note}</dd>
    </div>
  )
}

function dayOf(key: string) {
  const [y, m, d] = key.split("-").map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** How the period is named: 'Dia do lançamento, 14 de março de 2025', 'Semana de 10/03 a 16/03'... */
function periodName(entry: RankEntry): string {
  if (entry.period === "day") return `Dia do lançamento, ${formatDay(entry.key)}`
  if (entry.period === "week") {
    const end = format(addDays(dayOf(entry.key), 6), "yyyy-MM-dd", { locale: ptBR })
    return `Semana de ${formatShortDay(entry.key)} a ${formatShortDay(end)}`
  }
  return `Mês de ${formatMonth(entry.key)}`
}

function RankRow({ entry }: { entry: RankEntry }) {
  const name = periodName(entry)
  const podium = entry.rank !== null && entry.rank <= 3
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <span className="min-w-0">
        {entry.period === "day" ? (
          <Link
            to={paths.rankingDay(entry.key)}
            className="block text-sm font-medium text-stone-900 hover:text-brand-700"
          >
            {name}
          </Link>
        ) : (
          <span className="block text-sm font-medium text-stone-900">{name}</span>
        )}
        <span className="block text-xs text-stone-500">
          {entry.final ? "Posição final, quando o dia terminou" : "Posição agora, pelos votos até este momento"}
        </span>
      </span>
      <span className={`shrink-0 text-right tabular-nums ${podium ? "text-amber-700" : "text-stone-800"}`}>
        {entry.rank === null ? (
          <span className="text-sm font-semibold">Fora dos {entry.of.toLocaleString("pt-BR")} primeiros</span>
        ) : (
          <>
            <span className="text-lg font-extrabold">{entry.rank}º</span>
            <span className="text-sm text-stone-500">
              {" "}
              de {entry.more ? "mais de " : ""}
              {entry.of.toLocaleString("pt-BR")}
            </span>
          </>
        )}
      </span>
    </li>
  )
}
