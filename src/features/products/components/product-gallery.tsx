// The detail page's pictures: the first large, the rest in a 4-column strip; any of them opens the
// lightbox (loaded lazily with Headless UI on first use).
import { lazy, Suspense, useState } from "react"
import { ImageIcon } from "@/components/ui/icons"
import { detailCover } from "@/config/images"
import { fileUrl } from "@/lib/pocketbase"

const ProductLightbox = lazy(() => import("./product-lightbox").then((m) => ({ default: m.ProductLightbox })))

export function ProductGallery({
  product,
}: {
  product: { id: string; collectionId: string; title: string; images: string[]; fileToken?: string }
}) {
  const [open, setOpen] = useState<number | null>(null)
  const [cover, ...rest] = product.images
  if (!cover)
    return (
      <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-2xl bg-stone-100 text-stone-500">
        <ImageIcon className="size-10" />
        <span className="text-sm">Sem imagem</span>
      </div>
    )
  const alt = (i: number) => `${product.title} - Imagem ${i + 1}`
  return (
    <div className="space-y-3" data-testid="gallery">
      <button
        type="button"
        onClick={() => setOpen(0)}
        className="block w-full overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        aria-label={`Ampliar imagem 1 de ${product.images.length}`}
      >
        {/* the page's largest paint: the size the screen needs (the server preloads the same
            candidates, pb_hooks/lib/page-boot.js), at high priority */}
        <img
          src={fileUrl(product, cover, detailCover.src, product.fileToken)}
          srcSet={detailCover.thumbs
            .map((t) => `${fileUrl(product, cover, t.size, product.fileToken)} ${t.width}w`)
            .join(", ")}
          sizes={detailCover.sizes}
          fetchPriority="high"
          alt={alt(0)}
          className="aspect-video w-full object-cover"
          width={1280}
          height={720}
        />
      </button>
      {rest.length > 0 && (
        <ul className="grid grid-cols-4 gap-3">
          {rest.map((name, i) => (
            <li key={name}>
              <button
                type="button"
                onClick={() => setOpen(i + 1)}
                className="block w-full overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200 hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                aria-label={`Ampliar imagem ${i + 2} de ${product.images.length}`}
              >
                <img
                  src={fileUrl(product, name, "160x120", product.fileToken)}
                  alt={alt(i + 1)}
                  className="aspect-[4/3] w-full object-cover"
                  width={160}
                  height={120}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <ProductLightbox
            urls={product.images.map((n) => fileUrl(product, n, "1280x0", product.fileToken))}
            title={product.title}
            start={open}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </div>
  )
}
