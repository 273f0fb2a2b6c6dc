// Stores this browser's push subscription for the user: the keys are updated when the endpoint is
// already theirs, else a row is created. The server accepts only endpoints of the known push
// services and at most 10 devices per user, and answers in Portuguese otherwise.
import { pb } from "@/lib/pocketbase"

export function subscriptionBody(sub: PushSubscription) {
  const json = sub.toJSON()
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    p256dh: json.keys?.p256dh ?? "",
    auth: json.keys?.auth ?? "",
    user_agent: navigator.userAgent.slice(0, 300),
  }
}

export async function saveSubscription(userId: string, sub: PushSubscription) {
  const body = subscriptionBody(sub)
  const col = pb.collection("push_subscriptions")
  const found = await col.getList(1, 1, { filter: pb.filter("endpoint = {:e}", { e: body.endpoint }), fields: "id" })
  const mine = found.items[0]
  if (mine) return col.update(mine.id, { p256dh: body.p256dh, auth: body.auth, user_agent: body.user_agent })
  return col.create({ user: userId, ...body })
}
