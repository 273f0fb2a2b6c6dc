// Toasts: a tiny global store (no provider needed), so any module can call toast(...).
import { useSyncExternalStore } from "react"
import { cn } from "@/lib/cn"

export interface Toast {
  id: number
  title: string
  description?: string
  variant: "success" | "error" | "info"
  /** one button in the toast (e.g. 'Entrar'); the toast closes when it is used */
  action?: { label: string; onClick: () => void }
}

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function toast(t: {
  title: string
  description?: string
  variant?: Toast["variant"]
  durationMs?: number
  action?: Toast["action"]
}) {
  const item: Toast = {
    id: nextId++,
    title: t.title,
    description: t.description,
    variant: t.variant ?? "success",
    action: t.action,
  }
  toasts = [...toasts, item].slice(-4)
  emit()
  setTimeout(() => dismiss(item.id), t.durationMs ?? 4000)
}

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

const tones = {
  success: "bg-white ring-emerald-200 [&_strong]:text-emerald-800",
  error: "bg-red-50 ring-red-200 [&_strong]:text-red-800",
  info: "bg-white ring-stone-200",
} as const

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  )
  return (
    <div
      aria-live="polite"
      // phones: at the top, where they never cover the buttons of a dialog or bottom sheet
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-4 sm:top-auto sm:bottom-4 sm:items-end"
    >
      {items.map((t) => (
        <div
          key={t.id}
          role={t.variant === "error" ? "alert" : "status"}
          className={cn("pointer-events-auto w-full max-w-sm rounded-xl px-4 py-3 shadow-lg ring-1", tones[t.variant])}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1 text-sm">
              <strong className="block font-semibold">{t.title}</strong>
              {t.description && <p className="mt-0.5 text-stone-600">{t.description}</p>}
              {t.action && (
                <button
                  type="button"
                  className="mt-2 rounded-lg bg-stone-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-stone-700"
                  onClick={() => {
                    dismiss(t.id)
                    t.action?.onClick()
                  }}
                >
                  {t.action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className="text-stone-500 hover:text-stone-700"
              aria-label="Fechar aviso"
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  )
}
