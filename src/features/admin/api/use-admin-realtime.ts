// Live staff data: a product submitted or changed, or a report filed or reviewed, refreshes the
// staff queries (badges, lists, dashboard). PocketBase only sends staff the records their rules
// let them see; after a lost connection (PB_CONNECT again) everything is re-read. A read still in
// flight is restarted, not joined (rereadAfterWrite).
import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { pb } from "@/lib/pocketbase"
import { rereadAfterWrite } from "@/lib/query-client"
import { adminKeys } from "./keys"

export function useAdminRealtime() {
  const qc = useQueryClient()
  useEffect(() => {
    const refresh = () => rereadAfterWrite(qc, adminKeys.all)
    const unsubs = [
      pb.collection("products").subscribe("*", refresh, { fields: "id" }),
      pb.collection("flags").subscribe("*", refresh, { fields: "id" }),
      pb.realtime.subscribe("PB_CONNECT", refresh),
    ]
    return () => {
      for (const u of unsubs) void u.then((off) => off()).catch(() => {})
    }
  }, [qc])
}
