import { QueryClientProvider } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { FollowSlotContext } from "@/components/follow-slot"
import { ProductSlotsContext } from "@/components/product-slots"
import { Toaster } from "@/components/ui/toast"
import { AuthProvider } from "@/lib/auth"
import { createQueryClient } from "@/lib/query-client"
import { FollowSlot } from "./follow-slot"
import { productSlots } from "./product-slots"

const followSlots = { Follow: FollowSlot }

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ProductSlotsContext value={productSlots}>
          <FollowSlotContext value={followSlots}>{children}</FollowSlotContext>
        </ProductSlotsContext>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
