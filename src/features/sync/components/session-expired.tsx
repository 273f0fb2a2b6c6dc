// After the server ended a session (forced sign-out) while that user's writes wait on the device:
// 'Sua sessão expirou. Entre novamente para enviar N ações pendentes.' with 'Entrar'. Only that
// user's sign-in sends them (outbox.ts); anyone else who signs in never sees them. Loaded only
// when a session expired on this device.
import { useEffect, useState } from "react"
import { useAuthDialog } from "@/components/auth-dialog"
import { db, liveQuery } from "@/lib/db"
import { clearExpiredSession } from "@/lib/session"

export default function SessionExpiredNotice({ userId }: { userId: string }) {
  const { openDialog } = useAuthDialog()
  const [waiting, setWaiting] = useState<number | null>(null)
  useEffect(() => {
    const sub = liveQuery(() =>
      db.outbox
        .where("userId")
        .equals(userId)
        .filter((o) => o.state === "pending")
        .count(),
    ).subscribe({ next: setWaiting, error: () => setWaiting(0) })
    return () => sub.unsubscribe()
  }, [userId])
  if (!waiting) return null
  return (
    <div
      role="alert"
      data-testid="session-expired"
      className="fixed inset-x-4 bottom-20 z-40 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg md:bottom-4"
    >
      <span className="min-w-0 flex-1">
        Sua sessão expirou. Entre novamente para enviar{" "}
        {waiting === 1 ? "1 ação pendente" : `${waiting} ações pendentes`}.
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className="min-h-11 rounded-lg px-3 font-semibold text-stone-300 hover:text-white"
          onClick={clearExpiredSession}
        >
          Agora não
        </button>
        <button
          type="button"
          className="min-h-11 rounded-lg bg-white px-3 font-semibold text-stone-900 hover:bg-stone-100"
          onClick={() => openDialog("login")}
        >
          Entrar
        </button>
      </div>
    </div>
  )
}
