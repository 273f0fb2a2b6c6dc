import { formatDistanceToNow } from "date-fns"
import { ptBR } from "date-fns/locale/pt-BR"
import type { Maker } from "../types"

/** PocketBase dates read "2025-01-31 12:00:00.000Z"; Date wants the ISO "T". */
const parseDate = (s: string) => new Date(s.replace(" ", "T"))

function memberFor(since: string): string {
  const date = parseDate(since)
  return Number.isNaN(date.getTime()) ? "-" : formatDistanceToNow(date, { locale: ptBR })
}

/** The four numbers of a maker page: products, votes received, comments, time as a member. */
export function MakerStats({ stats }: { stats: Maker["stats"] }) {
  const items = [
    { label: "Produtos", value: String(stats.products ?? 0) },
    { label: "Votos Recebidos", value: String(stats.votes ?? 0) },
    { label: "Comentários", value: String(stats.comments ?? 0) },
    { label: "Membro há", value: memberFor(stats.memberSince) },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-stone-200 bg-white px-4 py-4 shadow-sm">
          <dt className="text-sm text-stone-500">{item.label}</dt>
          <dd
            className={
              // long wording ("menos de um minuto") in a smaller size, so it fits a phone's half width
              item.value.length > 10
                ? "mt-1 text-lg leading-snug font-bold text-stone-900 sm:text-xl"
                : "mt-1 text-2xl font-bold text-stone-900 tabular-nums"
            }
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
