// Who is signed in. The session lives in localStorage (PocketBase LocalAuthStore, synced across
// tabs). On start and before the token expires it is refreshed (the SDK never auto-refreshes
// regular users); a 401 on refresh signs out. Offline, the stored session is kept as is.
import { useQueryClient } from "@tanstack/react-query"
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react"
import { db } from "./db"
import { ClientResponseError, getTokenPayload, pb, type RecordModel } from "./pocketbase"

export interface AuthUser {
  id: string
  collectionId: string
  email: string
  display_name: string
  username: string
  bio: string
  avatar: string
  verified: boolean
  created: string
}
export type Role = "admin" | "moderator"
export type AuthDialog = "login" | "signup" | "forgot"

interface AuthContextValue {
  status: "loading" | "signed-in" | "signed-out"
  user: AuthUser | null
  roles: Role[] | null // null while unknown
  isStaff: boolean
  isAdmin: boolean
  signOut: () => Promise<void>
  /** Re-reads the signed-in user (after a profile change). */
  reloadUser: () => Promise<void>
  dialog: AuthDialog | null
  openDialog: (d: AuthDialog) => void
  closeDialog: () => void
}

const AuthContext = createContext<AuthContextValue | null>(null)

/** Refresh when less than this is left of the token's life. */
const REFRESH_MARGIN_S = 24 * 3600
const CHECK_EVERY_MS = 10 * 60 * 1000

const toUser = (r: RecordModel | null): AuthUser | null => (r ? (r as unknown as AuthUser) : null)

type SignOutTask = () => Promise<unknown>
const signOutTasks = new Set<SignOutTask>()
const SIGN_OUT_TASK_MS = 3000

/**
 * Work that needs the session and must happen when the user signs out on this device (features
 * register it, e.g. removing this browser's push subscription). Each task gets at most 3 s and
 * its failure never blocks the sign-out.
 */
export function onSignOut(task: SignOutTask): () => void {
  signOutTasks.add(task)
  return () => {
    signOutTasks.delete(task)
  }
}

function secondsLeft(token: string): number {
  const exp = Number(getTokenPayload(token).exp ?? 0)
  return exp - Date.now() / 1000
}

async function refreshSession() {
  if (!pb.authStore.token) return
  try {
    await pb.collection("users").authRefresh()
  } catch (err) {
    // 401/403/404: the session is gone (password changed, user removed). Network: keep it.
    if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) pb.authStore.clear()
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [user, setUser] = useState<AuthUser | null>(() => (pb.authStore.isValid ? toUser(pb.authStore.record) : null))
  const [ready, setReady] = useState(!pb.authStore.isValid)
  const [roles, setRoles] = useState<Role[] | null>(null)
  const [dialog, setDialog] = useState<AuthDialog | null>(null)

  useEffect(() => {
    const off = pb.authStore.onChange((_token, record) => {
      setUser(pb.authStore.isValid ? toUser(record) : null)
      // realtime keeps the old authorization after a user switch: drop every subscription
      void pb.realtime.unsubscribe()
    })
    let cancelled = false
    void (async () => {
      if (pb.authStore.isValid) await refreshSession()
      if (!cancelled) setReady(true)
    })()
    const timer = setInterval(() => {
      if (pb.authStore.isValid && secondsLeft(pb.authStore.token) < REFRESH_MARGIN_S) void refreshSession()
    }, CHECK_EVERY_MS)
    return () => {
      cancelled = true
      off()
      clearInterval(timer)
    }
  }, [])

  const userId = user?.id ?? null
  useEffect(() => {
    if (!userId) return
    let cancelled = false
    pb.collection("user_roles")
      .getFullList({ filter: pb.filter("user = {:id}", { id: userId }), fields: "role" })
      .then((rows) => !cancelled && setRoles(rows.map((r) => r.role as Role)))
      .catch(() => !cancelled && setRoles([]))
    return () => {
      cancelled = true
      setRoles(null)
    }
  }, [userId])

  const signOut = useCallback(async () => {
    await Promise.allSettled(
      [...signOutTasks].map((task) =>
        Promise.race([task(), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_TASK_MS))]),
      ),
    )
    pb.authStore.clear()
    void pb.realtime.unsubscribe()
    queryClient.clear()
    // copies of pages seen by this user go; queued writes (outbox) stay, tagged with their user
    await db.listings.clear()
  }, [queryClient])

  const reloadUser = useCallback(async () => {
    if (pb.authStore.isValid) await refreshSession()
  }, [])

  const value = useMemo<AuthContextValue>(
    () => ({
      status: !ready ? "loading" : user ? "signed-in" : "signed-out",
      user,
      roles: user ? roles : [],
      isStaff: !!roles && roles.length > 0,
      isAdmin: !!roles?.includes("admin"),
      signOut,
      reloadUser,
      dialog,
      openDialog: setDialog,
      closeDialog: () => setDialog(null),
    }),
    [ready, user, roles, signOut, reloadUser, dialog],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error("useAuth must be used within AuthProvider")
  return ctx
}

/** URL of a user's avatar thumbnail, or "" when they have none. */
export function avatarUrl(u: { id: string; collectionId: string; avatar?: string }, thumb = "96x96") {
  return u.avatar ? pb.files.getURL(u as unknown as RecordModel, u.avatar, { thumb }) : ""
}
