import { QueryClientProvider } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { ProductSlotsContext } from "@/components/product-slots"
import { Toaster } from "@/components/ui/toast"
import { AuthProvider } from "@/lib/auth"
import { createQueryClient } from "@/lib/query-client"
import { productSlots } from "./product-slots"

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ProductSlotsContext value={productSlots}>{children}</ProductSlotsContext>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
