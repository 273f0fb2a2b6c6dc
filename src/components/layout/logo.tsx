import { useId } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 font-bold tracking-tight text-stone-900"
      aria-label="Vitrine — início"
    >
      <BrandMark className="size-8" />
      <span className="text-lg whitespace-nowrap">Vitrine</span>
    </Link>
  )
}

/**
 * The brand mark (public/favicon.svg, the same drawing), inline: as an <img src="/favicon.svg">
 * the header fetched it again on every page load, once for /home's prerendered first screen and
 * once more for the app's own header, each a round trip through the service worker.
 */
function BrandMark({ className }: { className: string }) {
  // one gradient per mark: the prerendered header and the app's are in the document together
  const gradient = `brand-${useId().replace(/[^\w-]/g, "")}`
  return (
    <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f43f5e" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradient})`} />
      <path d="M16 18h8l8 22 8-22h8L36 48h-8z" fill="#fff" />
    </svg>
  )
}
