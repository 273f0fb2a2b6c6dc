// Removes this browser's push subscription from the server (the user's own row, by endpoint).
import { pb } from "@/lib/pocketbase"

export async function deleteSubscription(endpoint: string) {
  const col = pb.collection("push_subscriptions")
  const found = await col.getList(1, 1, { filter: pb.filter("endpoint = {:e}", { e: endpoint }), fields: "id" })
  if (found.items[0]) await col.delete(found.items[0].id)
}
