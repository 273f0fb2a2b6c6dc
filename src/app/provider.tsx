import { QueryClientProvider } from "@tanstack/react-query"
import { lazy, Suspense, useState, type ReactNode } from "react"
import { FollowSlotContext, type FollowSlotProps } from "@/components/follow-slot"
import { ProductSlotsContext } from "@/components/product-slots"
import { Toaster } from "@/components/ui/toast"
import { AuthDialogProvider } from "@/features/auth/components/auth-dialog-provider"
import { useAfterLoad } from "@/lib/after-load"
import { AuthProvider } from "@/lib/auth"
import { createQueryClient } from "@/lib/query-client"
import { productSlots } from "./fill-product-slots"

// the follow button shows on maker and product pages only: its code stays off /home's first route,
// and (with the outbox's IndexedDB code it needs) loads once the page is up, like the product
// page's vote button (fill-product-slots.tsx)
const FollowSlot = lazy(() => import("./fill-follow-slot"))
function Follow(props: FollowSlotProps) {
  const ready = useAfterLoad()
  const waiting = <span className={`inline-block h-9 w-28 rounded-lg bg-stone-100 ${props.className ?? ""}`} />
  return <Suspense fallback={waiting}>{ready ? <FollowSlot {...props} /> : waiting}</Suspense>
}
const followSlots = { Follow }

// The app's one query cache, made once per page, not per render: React may throw away the first
// render before it commits (the tree suspends while a lazy part loads) and run a component's state
// initializers again. A second cache would lose what the first render read, such as the data the
// server put into the page's HTML (src/lib/boot.ts: handed out once), and ask the API for it.
let appQueryClient: ReturnType<typeof createQueryClient> | undefined
const queryClientOfThePage = () => (appQueryClient ??= createQueryClient())

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(queryClientOfThePage)
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AuthDialogProvider>
          <ProductSlotsContext value={productSlots}>
            <FollowSlotContext value={followSlots}>{children}</FollowSlotContext>
          </ProductSlotsContext>
          <Toaster />
        </AuthDialogProvider>
      </AuthProvider>
    </QueryClientProvider>
  )
}
