// 'Visitar Site': a real link (target _blank, rel noopener noreferrer) to the product's address
// with ref=vitrine. Its click handler sends the click to the server first, with `keepalive`, and
// only then lets the browser open the tab. Why a link and not window.open after the request:
// a tab opened after an await is treated as a popup and blocked, and a pre-opened blank window
// cannot be both noopener (window.open then returns null) and later pointed at the site. A link
// opens in the same user gesture, keeps noopener/noreferrer, and the keepalive request is
// already on its way (and survives) when the tab opens.
import { ExternalLinkIcon } from "@/components/ui/icons"
import type { ProductDetail } from "../api/get-product"
import { useTrackClick } from "../api/track-click"

export function withRef(url: string): string {
  try {
    const u = new URL(url)
    u.searchParams.set("ref", "vitrine")
    return u.toString()
  } catch {
    return url
  }
}

export function VisitButton({ product }: { product: Pick<ProductDetail, "id" | "slug" | "url"> }) {
  const track = useTrackClick(product)
  return (
    <a
      href={withRef(product.url)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={track}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      Visitar Site
      <ExternalLinkIcon className="size-4" />
    </a>
  )
}
