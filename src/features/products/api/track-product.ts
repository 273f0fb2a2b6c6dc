// Views and visit clicks (POST /api/vitrine/products/{id}/view and /click, signed-in users; the
// server owns the counters). Fire and forget: offline a view or click is simply not counted.
// The click request uses `keepalive`, so it completes even while the browser opens the site.
import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useEffect, useRef } from "react"
import { pb } from "@/lib/pocketbase"
import { patchProduct, type ProductDetail } from "./get-product"

export function trackView(id: string) {
  return pb.send<{ view_count: number }>(`/api/vitrine/products/${encodeURIComponent(id)}/view`, {
    method: "POST",
  })
}

export function trackClick(id: string) {
  return pb.send<{ click_count: number }>(`/api/vitrine/products/${encodeURIComponent(id)}/click`, {
    method: "POST",
    keepalive: true,
  })
}

/** Records one view per detail view (per mounted page and product) and shows the new count. */
export function useTrackView(product: Pick<ProductDetail, "id" | "slug"> | null | undefined, enabled: boolean) {
  const queryClient = useQueryClient()
  const tracked = useRef<string | null>(null)
  const id = product?.id
  const slug = product?.slug
  useEffect(() => {
    if (!enabled || !id || !slug || tracked.current === id) return
    tracked.current = id
    trackView(id)
      .then(({ view_count }) => patchProduct(queryClient, slug, { view_count }))
      .catch(() => {}) // not counted: nothing to show
  }, [enabled, id, slug, queryClient])
}

/** Records a visit click and shows the new count; never blocks the visit. */
export function useTrackClick(product: Pick<ProductDetail, "id" | "slug">) {
  const queryClient = useQueryClient()
  return useCallback(() => {
    trackClick(product.id)
      .then(({ click_count }) => patchProduct(queryClient, product.slug, { click_count }))
      .catch(() => {})
  }, [product.id, product.slug, queryClient])
}
