// The signed-in user's outbox as live React state (Dexie live queries: updated in every tab when
// any tab writes or sends).
import { useLiveQuery } from "dexie-react-hooks"
import { useAuth } from "./auth"
import { db, type OutboxOp } from "./db"

const NONE: OutboxOp[] = []

/** The user's queued writes of `kind` (all kinds when omitted), oldest first. */
export function useOutbox(kind?: string): OutboxOp[] {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  return (
    useLiveQuery(async () => {
      if (!userId) return NONE
      const ops = await db.outbox.where("userId").equals(userId).sortBy("seq")
      return kind ? ops.filter((o) => o.kind === kind) : ops
    }, [userId, kind]) ?? NONE
  )
}
