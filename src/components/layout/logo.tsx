import { Link } from "react-router-dom"
import { paths } from "@/config/paths"

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 font-bold tracking-tight text-stone-900"
      aria-label="Vitrine — início"
    >
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className="text-lg whitespace-nowrap">Vitrine</span>
    </Link>
  )
}
