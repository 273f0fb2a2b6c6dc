// Any slice can ask for the login or sign-up dialog (a vote, a comment, a report or a follow by a
// visitor, an expired session) without importing the auth slice: the auth slice owns the dialogs
// and their state (features/auth/components/auth-dialog-provider.tsx) and the app layer provides
// them (app/provider.tsx), as with the product slots.
import { createContext, useContext } from "react"

export type AuthDialog = "login" | "signup" | "forgot"

export interface AuthDialogOpener {
  /**
   * Opens a dialog. `then`: what asked for it, completed once the user is signed in (the vote that
   * opened the login is cast); the dialog closes on the same page.
   */
  openDialog: (dialog: AuthDialog, then?: (userId: string) => void) => void
}

export const AuthDialogContext = createContext<AuthDialogOpener | null>(null)

export function useAuthDialog(): AuthDialogOpener {
  const ctx = useContext(AuthDialogContext)
  if (!ctx) throw new Error("useAuthDialog must be used within the auth dialog provider")
  return ctx
}
