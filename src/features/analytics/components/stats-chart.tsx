// One metric over the last 30 days as a bar chart: plain SVG (no charting library), scaled to its
// box; the words around it (title, total, peak) are HTML so they never stretch. For screen
// readers the picture is an image named by its text summary; each bar has a tooltip title.
import { useId } from "react"
import { formatShortDay } from "@/lib/dates"
import type { DayStats } from "../api/get-product-stats"

export interface Unit {
  singular: string
  plural: string
  /** 'Nenhuma visita' / 'Nenhum voto' */
  none: string
}

const count = (n: number, unit: Unit) => `${n.toLocaleString("pt-BR")} ${n === 1 ? unit.singular : unit.plural}`

/** 'N unidades em 30 dias; pico de M em DD/MM' (or none), as the chart's text. */
export function summarize(days: DayStats[], values: number[], unit: Unit): string {
  const total = values.reduce((a, b) => a + b, 0)
  if (total === 0) return `${unit.none} nos últimos ${days.length} dias.`
  let peak = 0
  values.forEach((v, i) => (v > values[peak]! ? (peak = i) : undefined))
  const today = values.at(-1) ?? 0
  return (
    `${count(total, unit)} nos últimos ${days.length} dias; ` +
    `pico de ${values[peak]!.toLocaleString("pt-BR")} em ${formatShortDay(days[peak]!.day)}; ` +
    `hoje, ${today.toLocaleString("pt-BR")}.`
  )
}

export function StatsChart({
  title,
  days,
  values,
  unit,
  barClass,
}: {
  title: string
  days: DayStats[]
  values: number[]
  unit: Unit
  /** the bars' fill, a Tailwind class (e.g. fill-brand-500) */
  barClass: string
}) {
  const id = useId()
  const max = Math.max(1, ...values)
  const n = values.length
  const summary = summarize(days, values, unit)
  return (
    <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <figcaption id={id}>
        <span className="block text-sm font-semibold text-stone-900">{title}</span>
        <span className="block text-xs text-stone-600">{summary}</span>
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div
          className="flex flex-col justify-between text-right text-[10px] text-stone-500 tabular-nums"
          aria-hidden="true"
        >
          <span>{max.toLocaleString("pt-BR")}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${n * 10} 100`}
          preserveAspectRatio="none"
          className="h-28 w-full flex-1 overflow-visible"
          role="img"
          aria-labelledby={id}
        >
          <line
            x1="0"
            y1="100"
            x2={n * 10}
            y2="100"
            className="stroke-stone-300"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          <line
            x1="0"
            y1="0"
            x2={n * 10}
            y2="0"
            className="stroke-stone-100"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          {values.map((v, i) => {
            const h = (v / max) * 100
            return (
              <rect key={days[i]!.day} x={i * 10 + 1.5} y={100 - h} width="7" height={h} rx="1" className={barClass}>
                <title>{`${formatShortDay(days[i]!.day)}: ${count(v, unit)}`}</title>
              </rect>
            )
          })}
        </svg>
      </div>
      <div className="mt-1 ml-6 flex justify-between text-[10px] text-stone-500" aria-hidden="true">
        <span>{days[0] ? formatShortDay(days[0].day) : ""}</span>
        <span>{days[Math.floor(n / 2)] ? formatShortDay(days[Math.floor(n / 2)]!.day) : ""}</span>
        <span>hoje</span>
      </div>
    </figure>
  )
}
