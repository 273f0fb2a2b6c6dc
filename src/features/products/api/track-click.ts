// A 'Visitar Site' click (POST /api/vitrine/products/{id}/click, signed-in users; the server owns
// the counter). Fire and forget: offline a click is simply not counted. The request uses
// `keepalive`, so it completes even while the browser opens the site.
import { useQueryClient } from "@tanstack/react-query"
import { useCallback } from "react"
import { pb } from "@/lib/pocketbase"
import { setLiveCounters, type ProductDetail } from "./get-product"

export function trackClick(id: string) {
  return pb.send<{ click_count: number }>(`/api/vitrine/products/${encodeURIComponent(id)}/click`, {
    method: "POST",
    keepalive: true,
  })
}

/** Records a visit click and shows the new count; never blocks the visit. */
export function useTrackClick(product: Pick<ProductDetail, "id">) {
  const queryClient = useQueryClient()
  return useCallback(() => {
    trackClick(product.id)
      .then(({ click_count }) => setLiveCounters(queryClient, product.id, { clickCount: click_count }))
      .catch(() => {})
  }, [product.id, queryClient])
}
