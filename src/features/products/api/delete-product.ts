// Deletes one of the signed-in user's products (deleteRule: owner only). Needs the network:
// offline the request fails and the caller shows the error; nothing is queued.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { productKeys } from "./keys"

export async function deleteProduct(id: string) {
  await pb.collection("products").delete(id)
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
