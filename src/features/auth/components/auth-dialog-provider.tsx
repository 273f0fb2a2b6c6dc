// Which auth dialog is open (login, sign-up, 'Recuperar Senha'), what asked for it and where the
// focus goes back when it closes. Tiny on purpose: the app provides it on every page, while the
// dialogs themselves (auth-dialogs.tsx) load on first open.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react"
import { AuthDialogContext, type AuthDialog, type AuthDialogOpener } from "@/components/auth-dialog"
import { pb } from "@/lib/pocketbase"

interface AuthDialogState extends AuthDialogOpener {
  dialog: AuthDialog | null
  /** Runs (once) what asked for the dialog, after a sign-in or sign-up. */
  completeIntent: (userId: string) => boolean
  closeDialog: () => void
}

const StateContext = createContext<AuthDialogState | null>(null)

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<AuthDialog | null>(null)
  const intent = useRef<((userId: string) => void) | null>(null)
  /** what had the focus when a dialog opened: it gets it back when the dialog closes */
  const opener = useRef<HTMLElement | null>(null)

  const openDialog = useCallback<AuthDialogOpener["openDialog"]>((d, then) => {
    if (then) intent.current = then // switching login <-> signup keeps it
    if (!opener.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement
    setDialog(d)
  }, [])
  const completeIntent = useCallback((userId: string) => {
    const then = intent.current
    intent.current = null
    if (!then) return false
    then(userId)
    return true
  }, [])
  const closeDialog = useCallback(() => {
    setDialog(null)
    if (!pb.authStore.isValid) intent.current = null // given up: nothing waits for a sign-in
    const back = opener.current
    opener.current = null
    // the dialogs unmount at once, so the focus is handed back here (once the DOM settled)
    if (back?.isConnected) requestAnimationFrame(() => back.focus())
  }, [])

  const opens = useMemo(() => ({ openDialog }), [openDialog])
  const state = useMemo(
    () => ({ dialog, openDialog, completeIntent, closeDialog }),
    [dialog, openDialog, completeIntent, closeDialog],
  )
  return (
    <AuthDialogContext value={opens}>
      <StateContext value={state}>{children}</StateContext>
    </AuthDialogContext>
  )
}

/** The open dialog and its controls (the dialogs and the app shell that mounts them). */
export function useAuthDialogState(): AuthDialogState {
  const ctx = useContext(StateContext)
  if (!ctx) throw new Error("useAuthDialogState must be used within AuthDialogProvider")
  return ctx
}
