// Share a product: copy its link (a check for 2 s), post it on X, or share it on LinkedIn in a
// 550x420 window. The shared address is the public product page (its Open Graph tags preview it).
import { useEffect, useState } from "react"
import { CheckIcon, LinkedInMark, LinkIcon, XMark } from "@/components/ui/icons"
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
        <XMark className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => openShare(`https://www.linkedin.com/sharing/share-offsite/?url=${u}`)}
        className={buttonClass}
        aria-label="Compartilhar no LinkedIn"
        title="Compartilhar no LinkedIn"
      >
        <LinkedInMark className="size-4" />
      </button>
    </div>
  )
}
