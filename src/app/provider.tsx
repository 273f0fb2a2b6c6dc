import { QueryClientProvider } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { NotificationSlotsContext } from "@/components/notification-slots"
import { ProductSlotsContext } from "@/components/product-slots"
import { Toaster } from "@/components/ui/toast"
import { AuthProvider } from "@/lib/auth"
import { createQueryClient } from "@/lib/query-client"
import { notificationSlots } from "./notification-slots"
import { productSlots } from "./product-slots"

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ProductSlotsContext value={productSlots}>
          <NotificationSlotsContext value={notificationSlots}>{children}</NotificationSlotsContext>
        </ProductSlotsContext>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
