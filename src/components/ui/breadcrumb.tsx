// The trail above a page ('Início › Educação › Produto'): links to the places above it, then the
// page itself, marked as the current one.
import { Fragment } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { cn } from "@/lib/cn"

export function Breadcrumb({
  trail = [],
  current,
  truncate = false,
  className,
}: {
  /** the places between 'Início' and this page */
  trail?: Array<{ label: string; to: string }>
  current: string
  /** a long current name stays on one line, cut short */
  truncate?: boolean
  className?: string
}) {
  return (
    <nav aria-label="Trilha de navegação" className={cn("text-sm text-stone-500", className)}>
      <ol className={cn("flex flex-wrap items-center gap-1.5", truncate && "min-w-0")}>
        {[{ label: "Início", to: paths.home }, ...trail].map((place, i) => (
          <Fragment key={place.to}>
            {i > 0 && <li aria-hidden="true">›</li>}
            <li>
              <Link to={place.to} className="hover:text-brand-700">
                {place.label}
              </Link>
            </li>
          </Fragment>
        ))}
        <li aria-hidden="true">›</li>
        <li aria-current="page" className={cn("font-medium text-stone-800", truncate && "min-w-0 truncate")}>
          {current}
        </li>
      </ol>
    </nav>
  )
}
