// The product page (/products/{slug}): breadcrumb, status notice for the owner, then above the
// fold on a phone and a desktop the title, a one-line summary, the vote and 'Visitar Site'; the
// gallery follows, then badges, tags, description, share, the comments, the maker and related
// products. Needs the network (see get-product.ts); a view is recorded once per visit.
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useProductSlots } from "@/components/product-slots"
import { Badge } from "@/components/ui/badge"
import { OfflineBannerLater } from "@/components/ui/offline-banner-later"
import { Breadcrumb } from "@/components/ui/breadcrumb"
import { ButtonLink } from "@/components/ui/button"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { takeOpeningScreen, useBelowTheFold } from "@/lib/after-load"
import { cn } from "@/lib/cn"
import { formatDate } from "@/lib/dates"
import { errorMessage } from "@/lib/pocketbase"
import { productQueryOptions, useLiveCounters, type ProductDetail } from "../api/get-product"
import { productKeys } from "../api/keys"
import { useTrackView } from "../api/track-view"
import { MakerCard } from "./maker-card"
import { ProductGallery } from "./product-gallery"
import { ProductNotFound } from "./product-not-found"
import { ProductStats } from "./product-stats"
import { RelatedProducts } from "./related-products"
import { ShareButtons } from "./share-buttons"
import { VisitButton } from "./visit-button"

export function ProductDetailPage({ slug }: { slug: string }) {
  const { user } = useAuth()
  const { data: copy, isPending, isError, error } = useQuery(productQueryOptions(slug))
  const product = copy?.data
  useTrackView(product, !!user)

  if (isPending) return <ProductDetailSkeleton />
  if (isError)
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
        {errorMessage(error)}
      </p>
    )
  if (!product) return <ProductNotFound />
  return (
    <>
      {copy.fromCache && <OfflineBannerLater savedAt={copy.savedAt} />}
      <ProductView product={product} readAt={copy.savedAt} isOwner={!!user && user.id === product.createdBy} />
    </>
  )
}

function ProductView({ product, readAt, isOwner }: { product: ProductDetail; readAt: number; isOwner: boolean }) {
  const published = product.publishedAt ? formatDate(product.publishedAt) : ""
  const { Vote, Report, Comments } = useProductSlots()
  const qc = useQueryClient()
  const approved = product.status === "approved"
  const belowTheFold = useBelowTheFold()
  // on the first screen of a page just opened (or reloaded, or gone back to, at its top), what starts
  // below a phone's first screen is laid out and painted when it comes near (offscreen-section); not
  // where a scroll position is restored (a page left scrolled, a page opened in the app): that needs
  // the real heights
  const [opening] = useState(takeOpeningScreen)
  const offscreen = opening ? "offscreen-section" : ""
  // a comment added or removed changes the counters in the header
  const reloadProduct = () => void qc.invalidateQueries({ queryKey: productKeys.detail(product.slug) })
  return (
    <article className="space-y-12">
      <title>{`${product.title} — Vitrine`}</title>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ProductBreadcrumb product={product} />
          {isOwner && <StatusNotice product={product} />}
          <header className="space-y-3">
            {/* on phones the owner's buttons go under the title: two of them do not fit beside it */}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <h1 className="min-w-0 text-2xl font-extrabold tracking-tight break-words text-stone-900 sm:text-3xl">
                {product.title}
              </h1>
              {isOwner && (
                <div className="flex shrink-0 gap-2">
                  <ButtonLink to={paths.productStats(product.slug)} variant="secondary">
                    Estatísticas
                  </ButtonLink>
                  <ButtonLink to={paths.productEdit(product.slug)} variant="secondary">
                    Editar
                  </ButtonLink>
                </div>
              )}
            </div>
            {/* what it is in one line (the description's first sentence), before the pictures */}
            <p className="line-clamp-2 text-lg break-words text-stone-700">{summaryOf(product.description)}</p>
            {published && <p className="text-sm text-stone-500">Publicado em {published}</p>}
            <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
              {Vote && (
                <Vote
                  productId={product.id}
                  title={product.title}
                  count={product.voteCount}
                  countAt={readAt}
                  variant="detail"
                  disabled={!approved}
                />
              )}
              <VisitButton product={product} />
            </div>
            <LiveProductStats product={product} />
          </header>

          <ProductGallery product={product} />

          {/* the rest after the first screen's commit (useBelowTheFold) */}
          {belowTheFold && (
            <>
              <div className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  {product.category && (
                    <Link to={paths.category(product.category.id)}>
                      <Badge tone="amber">{product.category.name}</Badge>
                    </Link>
                  )}
                  {product.builtWithLovable && <Badge tone="brand">Feito com Lovable</Badge>}
                  {product.builtWithEpic && <Badge tone="violet">Feito com EPIC</Badge>}
                </div>
                {product.tags.length > 0 && (
                  <ul className="flex flex-wrap gap-2" aria-label="Tags">
                    {product.tags.map((t) => (
                      <li key={t.id}>
                        <Link
                          to={paths.tag(t.id)}
                          className="inline-flex rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700 hover:bg-brand-50 hover:text-brand-700"
                        >
                          #{t.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </div>

              <p className="text-base leading-relaxed break-words whitespace-pre-wrap text-stone-800">
                {product.description}
              </p>

              <div className="border-y border-stone-200 py-5">
                <ShareButtons slug={product.slug} title={product.title} />
              </div>
              {approved && !isOwner && Report && (
                <Report
                  target={{ type: "product", productId: product.id }}
                  label="produto"
                  className="-mt-2 text-sm font-medium text-stone-500 underline-offset-2 hover:text-red-700 hover:underline"
                />
              )}

              <section
                id="comentarios"
                aria-labelledby="comentarios-titulo"
                className={cn(offscreen, "scroll-mt-36 md:scroll-mt-24")}
              >
                <h2 id="comentarios-titulo" className="text-xl font-bold text-stone-900">
                  Comentários ({product.commentCount})
                </h2>
                {Comments && (
                  <Comments
                    productId={product.id}
                    productOwnerId={product.createdBy}
                    productTitle={product.title}
                    productPath={paths.product(product.slug)}
                    open={approved}
                    onChanged={reloadProduct}
                  />
                )}
              </section>
            </>
          )}
        </div>

        <aside className="space-y-6 lg:pt-10">
          {belowTheFold && product.maker && <MakerCard maker={product.maker} />}
        </aside>
      </div>

      {belowTheFold && approved && <RelatedProducts productId={product.id} className={offscreen} />}
    </article>
  )
}

/** The stats line, with the counts this visit's view and clicks brought back (never below the page's own). */
function LiveProductStats({ product }: { product: ProductDetail }) {
  const live = useLiveCounters(product.id)
  return (
    <ProductStats
      comments={product.commentCount}
      views={Math.max(product.viewCount, live.viewCount ?? 0)}
      clicks={Math.max(product.clickCount, live.clickCount ?? 0)}
    />
  )
}

function ProductBreadcrumb({ product }: { product: ProductDetail }) {
  const trail = product.category ? [{ label: product.category.name, to: paths.category(product.category.id) }] : []
  return <Breadcrumb trail={trail} current={product.title} truncate />
}

function StatusNotice({ product }: { product: ProductDetail }) {
  if (product.status === "pending")
    return (
      <div role="status" className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
        <strong className="block font-semibold">Em análise</strong>
        Seu produto está em análise e será publicado em breve. Só você pode vê-lo por enquanto.
      </div>
    )
  if (product.status === "rejected")
    return (
      <div role="status" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
        <strong className="block font-semibold">Rejeitado</strong>
        {product.rejectionReason ? `Motivo: ${product.rejectionReason}` : "Este produto não foi aprovado."}
      </div>
    )
  return null
}

export function ProductDetailSkeleton() {
  return (
    <div
      className="animate-pulse space-y-6"
      role="status"
      aria-busy="true"
      aria-label="Carregando produto"
      data-testid="product-skeleton"
    >
      <div className="h-4 w-48 rounded bg-stone-200" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <div className="aspect-video rounded-2xl bg-stone-200" />
          <div className="grid grid-cols-4 gap-3">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="aspect-[4/3] rounded-lg bg-stone-200" />
            ))}
          </div>
          <div className="h-8 w-2/3 rounded bg-stone-200" />
          <div className="h-4 w-1/2 rounded bg-stone-200" />
          <div className="h-24 rounded bg-stone-200" />
        </div>
        <div className="h-40 rounded-2xl bg-stone-200" />
      </div>
    </div>
  )
}

/** The description's first sentence (or its first line), for the summary under the title. */
export function summaryOf(description: string): string {
  const text = description.trim().split(/\n/)[0] ?? ""
  const end = text.search(/[.!?](\s|$)/)
  return end >= 0 ? text.slice(0, end + 1) : text
}
