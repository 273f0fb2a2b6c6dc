// Signed-in users only (loaded lazily): runs the outbox flusher and shows how many writes wait.
import { OutboxStatus } from "@/features/sync/components/outbox-status"
import { useOutboxSync } from "./use-outbox-sync"

export default function OutboxSync() {
  useOutboxSync()
  return <OutboxStatus />
}
