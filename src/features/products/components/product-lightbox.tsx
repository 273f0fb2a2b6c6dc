// Full-screen pictures of a product (Headless UI dialog: focus trap, Escape closes). Previous and
// next wrap around; arrow keys and a horizontal swipe move too. Loaded lazily by the gallery.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react"
import { ChevronRightIcon } from "@/components/ui/icons"
import { useRef, useState, type KeyboardEvent, type TouchEvent } from "react"

const SWIPE_PX = 40

export function ProductLightbox({
  urls,
  title,
  start,
  onClose,
}: {
  urls: string[]
  title: string
  start: number
  onClose: () => void
}) {
  const [index, setIndex] = useState(start)
  const touchX = useRef<number | null>(null)
  const total = urls.length
  const go = (delta: number) => setIndex((i) => (i + delta + total) % total)

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") {
      e.preventDefault()
      go(1)
    } else if (e.key === "ArrowLeft") {
      e.preventDefault()
      go(-1)
    }
  }
  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null
  }
  const onTouchEnd = (e: TouchEvent) => {
    const startX = touchX.current
    const endX = e.changedTouches[0]?.clientX
    touchX.current = null
    if (startX === null || endX === undefined) return
    const dx = endX - startX
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1)
  }

  const arrow =
    "absolute top-1/2 -translate-y-1/2 flex size-11 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/95" aria-hidden="true" />
      <DialogPanel
        className="fixed inset-0 flex flex-col"
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="lightbox"
      >
        <div className="flex items-center justify-between gap-4 px-4 py-3 text-white">
          <DialogTitle className="truncate text-sm font-medium">{title}</DialogTitle>
          <div className="flex items-center gap-3">
            <span className="text-sm tabular-nums" aria-live="polite" data-testid="lightbox-counter">
              {index + 1} / {total}
            </span>
            <button
              type="button"
              onClick={onClose}
              className="flex size-10 items-center justify-center rounded-full text-2xl leading-none hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              aria-label="Fechar"
            >
              ×
            </button>
          </div>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-16">
          <img
            key={urls[index]}
            src={urls[index]}
            alt={`${title} - Imagem ${index + 1}`}
            className="max-h-full max-w-full rounded-lg object-contain select-none"
            draggable={false}
          />
          {total > 1 && (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                className={`${arrow} left-2 sm:left-4`}
                aria-label="Imagem anterior"
              >
                <ChevronRightIcon className="size-6 rotate-180" strokeWidth={2.5} />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                className={`${arrow} right-2 sm:right-4`}
                aria-label="Próxima imagem"
              >
                <ChevronRightIcon className="size-6" strokeWidth={2.5} />
              </button>
            </>
          )}
        </div>
      </DialogPanel>
    </Dialog>
  )
}
