// How many of the user's writes wait for the network ('pendente') or were refused, always in view
// while any do; a tap opens the list of them ('Ações pendentes'), each with where it belongs and
// 'Descartar'. Read from IndexedDB, so it works offline (and with an expired session) too.
import { useState } from "react"
import { Link } from "react-router-dom"
import { discard, type OutboxOp } from "@/lib/outbox"
import { useOutbox } from "@/lib/use-outbox"

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

export function OutboxStatus() {
  const ops = useOutbox()
  const [open, setOpen] = useState(false)
  const waiting = ops.filter((o) => o.state === "pending").length
  const failed = ops.length - waiting
  if (!ops.length) return null
  const parts = [
    waiting ? plural(waiting, "ação aguardando envio", "ações aguardando envio") : "",
    failed ? plural(failed, "ação não enviada", "ações não enviadas") : "",
  ].filter(Boolean)
  return (
    <div className="fixed bottom-20 left-4 z-30 flex max-w-[calc(100vw-2rem)] flex-col items-start gap-2 md:bottom-4">
      {open && <PendingList ops={ops} onClose={() => setOpen(false)} />}
      <button
        type="button"
        role="status"
        data-testid="outbox-status"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className={
          failed && !waiting
            ? "min-h-11 rounded-full bg-red-100 px-4 py-2 text-xs font-semibold text-red-900 shadow ring-1 ring-red-300"
            : "min-h-11 rounded-full bg-amber-100 px-4 py-2 text-xs font-semibold text-amber-900 shadow ring-1 ring-amber-300"
        }
      >
        {parts.join(" · ")}
      </button>
    </div>
  )
}

function PendingList({ ops, onClose }: { ops: OutboxOp[]; onClose: () => void }) {
  return (
    <section
      aria-labelledby="pending-title"
      data-testid="pending-list"
      className="w-80 max-w-full overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-stone-200"
    >
      <div className="flex items-center justify-between border-b border-stone-100 px-4 py-3">
        <h2 id="pending-title" className="text-sm font-semibold">
          Ações pendentes
        </h2>
        <button type="button" onClick={onClose} className="text-sm font-semibold text-stone-500 hover:text-stone-800">
          Fechar
        </button>
      </div>
      <ul className="max-h-72 divide-y divide-stone-100 overflow-y-auto">
        {ops.map((op) => (
          <li key={op.seq} className="flex items-start gap-3 px-4 py-3 text-sm" data-testid="pending-item">
            <div className="min-w-0 flex-1">
              {op.href ? (
                <Link to={op.href} className="font-medium break-words text-stone-800 hover:text-brand-700">
                  {op.label ?? "Ação"}
                </Link>
              ) : (
                <p className="font-medium break-words text-stone-800">{op.label ?? "Ação"}</p>
              )}
              {op.state === "failed" ? (
                <p className="mt-0.5 text-xs break-words text-red-700">
                  Não enviada: {op.lastError?.message ?? "recusada pelo servidor"}
                </p>
              ) : (
                <p className="mt-0.5 text-xs text-amber-800">pendente</p>
              )}
            </div>
            <button
              type="button"
              onClick={() => op.seq !== undefined && void discard(op.seq)}
              className="min-h-11 shrink-0 rounded-lg px-2 text-xs font-semibold text-stone-600 hover:bg-stone-100 hover:text-red-700"
            >
              Descartar
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
