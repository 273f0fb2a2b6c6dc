// Share a product: copy its link (a check for 2 s), post it on X, or share it on LinkedIn in a
// 550x420 window. The shared address is the public product page (its Open Graph tags preview it).
import { useEffect, useState } from "react"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"

const COPIED_MS = 2000
const WINDOW_FEATURES = "width=550,height=420,noopener,noreferrer"

const buttonClass =
  "flex size-10 items-center justify-center rounded-full bg-white text-stone-700 ring-1 ring-stone-300 transition hover:bg-stone-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"

export function ShareButtons({ slug, title }: { slug: string; title: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(t)
  }, [copied])

  const link = `${window.location.origin}${paths.product(slug)}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      toast({ title: "Link copiado!" })
    } catch {
      toast({ title: "Erro ao copiar link", variant: "error" })
    }
  }
  const openShare = (url: string) => window.open(url, "_blank", WINDOW_FEATURES)
  const u = encodeURIComponent(link)

  return (
    <div className="flex items-center gap-2">
      <span className="mr-1 text-sm font-medium text-stone-600">Compartilhar:</span>
      <button
        type="button"
        onClick={() => void copy()}
        className={buttonClass}
        aria-label={copied ? "Link copiado" : "Copiar link"}
        title="Copiar link"
      >
        {copied ? <CheckIcon className="size-5 text-emerald-600" /> : <LinkIcon className="size-5" />}
      </button>
      <button
        type="button"
        onClick={() => openShare(`https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}`)}
        className={buttonClass}
        aria-label="Compartilhar no X (Twitter)"
        title="Compartilhar no X"
      >
        <XLogo className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => openShare(`https://www.linkedin.com/sharing/share-offsite/?url=${u}`)}
        className={buttonClass}
        aria-label="Compartilhar no LinkedIn"
        title="Compartilhar no LinkedIn"
      >
        <LinkedInLogo className="size-4" />
      </button>
    </div>
  )
}

const stroke = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const

function LinkIcon({ className }: { className?: string }) {
  return (
    <svg {...stroke} className={className} data-icon="link">
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  )
}

function CheckIcon({ className }: { className?: string }) {
  return (
    <svg {...stroke} className={className} data-icon="check">
      <path d="m5 12 5 5L20 7" />
    </svg>
  )
}

function XLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true">
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
    </svg>
  )
}

function LinkedInLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4V9.5Z" />
    </svg>
  )
}
