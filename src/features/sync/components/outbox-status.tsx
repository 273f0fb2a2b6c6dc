// How many of the user's writes wait for the network ('pendente'), always in view while any do.
import { useOutbox } from "@/lib/use-outbox"

export function OutboxStatus() {
  const waiting = useOutbox().filter((o) => o.state === "pending").length
  if (!waiting) return null
  return (
    <div
      role="status"
      data-testid="outbox-status"
      className="fixed bottom-20 left-4 z-30 rounded-full bg-amber-100 px-3 py-1.5 text-xs font-semibold text-amber-900 shadow ring-1 ring-amber-300 md:bottom-4"
    >
      {waiting === 1 ? "1 ação aguardando envio" : `${waiting} ações aguardando envio`}
    </div>
  )
}
