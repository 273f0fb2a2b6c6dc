// The VAPID public key, from the server at run time (the build never contains it). An empty key
// means push is not set up on this server. Needs the network.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { pushKeys } from "./keys"

export interface PushConfig {
  publicKey: string
}

export const fetchPushConfig = () => pb.send<PushConfig>("/api/vitrine/push/config", {})

export const pushConfigQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.config(), queryFn: fetchPushConfig, staleTime: 10 * 60_000 })

export function usePushConfig(enabled = true) {
  return useQuery({ ...pushConfigQueryOptions(), enabled })
}
