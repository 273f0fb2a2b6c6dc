// The offline banner for pages whose first screen should not carry its date formatting (date-fns
// and the pt-BR locale): the listings and the product page. It is shown only offline, from the
// saved copy, so its code loads then; the service worker precaches the chunk, so it loads offline.
import { lazy, Suspense } from "react"

const OfflineBanner = lazy(() => import("./offline-banner").then((m) => ({ default: m.OfflineBanner })))

export function OfflineBannerLater({ savedAt }: { savedAt: number }) {
  return (
    <Suspense fallback={null}>
      <OfflineBanner savedAt={savedAt} />
    </Suspense>
  )
}
