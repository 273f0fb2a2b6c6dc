// A product's cover on a large card or a compact feed row: the server's srcset with the `sizes` of
// that layout, and a grid's load order: the first covers (one row of cards, or the rows a phone
// shows at once) load at once, the very first one (the page's largest paint on a phone) at high
// priority, the rest when scrolled near. Without a cover, a placeholder.
import { ImageIcon } from "@/components/ui/icons"
import { cardCover } from "@/config/images"
import type { ProductCardData } from "../types"

// `sizes` names the cardCover entry; it is read on render: the bundle may evaluate this module
// before config/images (they share a chunk cycle), and cardCover is undefined until then
const layouts = {
  card: { eagerBelow: 3, sizes: "largeSizes", width: 640, height: 480, asyncDecode: true },
  row: { eagerBelow: 6, sizes: "sizes", width: 96, height: 72, asyncDecode: false },
} as const

export function Cover({
  product,
  position,
  layout,
}: {
  product: Pick<ProductCardData, "coverUrl" | "coverSrcset">
  /** the card's place in its grid */
  position: number
  layout: keyof typeof layouts
}) {
  const { eagerBelow, sizes, width, height, asyncDecode } = layouts[layout]
  if (!product.coverUrl)
    return layout === "card" ? (
      <span className="flex size-full flex-col items-center justify-center gap-2 text-stone-500">
        <ImageIcon className="size-8" />
        <span className="text-sm">Sem imagem</span>
      </span>
    ) : (
      <span className="flex size-full items-center justify-center text-stone-500">
        <ImageIcon className="size-6" />
      </span>
    )
  const eager = position < eagerBelow
  return (
    <img
      src={product.coverUrl}
      srcSet={product.coverSrcset || undefined}
      sizes={product.coverSrcset ? cardCover[sizes] : undefined}
      alt=""
      loading={eager ? "eager" : "lazy"}
      fetchPriority={position === 0 ? "high" : undefined}
      // the large cards' lazy covers decode off the main thread
      decoding={asyncDecode ? (eager ? "auto" : "async") : undefined}
      width={width}
      height={height}
      className="size-full object-cover"
    />
  )
}
