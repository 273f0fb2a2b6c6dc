// Removes this device's push subscription from the server (sign-out, 'Desativar neste aparelho').
// Both requests carry the token of when it started: a sign-out that stops waiting for it (3 s) and
// clears the session must not leave the second request without one.
import { pb } from "@/lib/pocketbase"

export async function deleteSubscription(endpoint: string, token = pb.authStore.token) {
  const col = pb.collection("push_subscriptions")
  const headers = { Authorization: token }
  const found = await col.getList(1, 1, {
    filter: pb.filter("endpoint = {:e}", { e: endpoint }),
    fields: "id",
    headers,
  })
  if (found.items[0]) await col.delete(found.items[0].id, { headers })
}
