// A view of a product page (POST /api/vitrine/products/{id}/view, signed-in users; the server owns
// the counter). Fire and forget: offline a view is simply not counted.
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { afterLoad } from "@/lib/after-load"
import { pb } from "@/lib/pocketbase"
import { setLiveCounters, type ProductDetail } from "./get-product"

export function trackView(id: string) {
  return pb.send<{ view_count: number }>(`/api/vitrine/products/${encodeURIComponent(id)}/view`, {
    method: "POST",
  })
}

/**
 * Records one view per detail view (per mounted page and product) and shows the new count; on a
 * page just opened, once its first screen is up (the count is not part of what it shows first).
 */
export function useTrackView(product: Pick<ProductDetail, "id"> | null | undefined, enabled: boolean) {
  const queryClient = useQueryClient()
  const tracked = useRef<string | null>(null)
  const id = product?.id
  useEffect(() => {
    if (!enabled || !id || tracked.current === id) return
    tracked.current = id
    afterLoad(() => {
      trackView(id)
        .then(({ view_count }) => setLiveCounters(queryClient, id, { viewCount: view_count }))
        .catch(() => {}) // not counted: nothing to show
    })
  }, [enabled, id, queryClient])
}
