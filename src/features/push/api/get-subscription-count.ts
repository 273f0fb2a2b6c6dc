// How many devices the user has push turned on for (the bell offers push to those with none).
import { queryOptions } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { pushKeys } from "./keys"

export const subscriptionCountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: pushKeys.subscriptions(userId),
    queryFn: async () => (await pb.collection("push_subscriptions").getList(1, 1, { fields: "id" })).totalItems,
  })
