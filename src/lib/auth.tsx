// Who is signed in. The session lives in localStorage (PocketBase LocalAuthStore, synced across
// tabs). The stored session is trusted at once, so saved pages render without waiting (offline, on
// lie-fi, even with an expired token); it is verified in the background at start, when the
// browser comes back online and before the token expires (the SDK never auto-refreshes regular
// users). Only a server that answers 401 ends it (session.ts): a forced sign-out. Any sign-out,
// forced or chosen, and any user switch drops the previous user's private copies and caches;
// their queued writes stay on the device (outbox.ts), hidden from whoever signs in next. The
// login and sign-up dialogs are the auth slice's (features/auth/components/auth-dialog-provider.tsx).
import { useQueryClient } from "@tanstack/react-query"
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react"
import { clearPrivateCopies } from "./cached-read"
import { pb, type RecordModel } from "./pocketbase"
import { clearExpiredSession, refreshSession, tokenSecondsLeft } from "./session"

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

interface AuthContextValue {
  status: "loading" | "signed-in" | "signed-out"
  user: AuthUser | null
  roles: Role[] | null // null while unknown
  isStaff: boolean
  isAdmin: boolean
  signOut: () => Promise<void>
  /** Re-reads the signed-in user (after a profile change). */
  reloadUser: () => Promise<void>
}

const AuthContext = createContext<AuthContextValue | null>(null)

/** Refresh when less than this is left of the token's life. */
const REFRESH_MARGIN_S = 24 * 3600
const CHECK_EVERY_MS = 10 * 60 * 1000

/** The stored user, also while the token is expired (offline the device's copies stay readable). */
function storedUser(): AuthUser | null {
  const r: RecordModel | null = pb.authStore.token ? pb.authStore.record : null
  return r ? (r as unknown as AuthUser) : null
}

/** Whether two copies of the user's record hold the same values (a session refresh returns a new copy). */
function sameRecord(a: AuthUser | null, b: AuthUser | null): boolean {
  return a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b))
}

/** Gets the session's token as it was when the sign-out began (the wait may outlive it). */
type SignOutTask = (token: string) => Promise<unknown>
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

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [user, setUser] = useState<AuthUser | null>(storedUser)
  const [roles, setRoles] = useState<Role[] | null>(null)

  useEffect(() => {
    let previous = storedUser()?.id ?? ""
    const off = pb.authStore.onChange(() => {
      const next = storedUser()
      const nextId = next?.id ?? ""
      if (nextId === previous) {
        // the same user (a refresh of the session): the page re-renders only if the record changed,
        // and as a transition (every page reads the user: this re-renders nearly all of it)
        startTransition(() => setUser((was) => (sameRecord(was, next) ? was : next)))
        return
      }
      setUser(next)
      // realtime keeps the old authorization after a user switch: drop every subscription
      void pb.realtime.unsubscribe()
      if (previous) {
        queryClient.clear()
        void clearPrivateCopies(previous)
      }
      if (nextId) clearExpiredSession()
      previous = nextId
    })
    // verified in the background: a saved page never waits for the server
    if (pb.authStore.token) void refreshSession()
    const onOnline = () => {
      if (pb.authStore.token) void refreshSession()
    }
    window.addEventListener("online", onOnline)
    const timer = setInterval(() => {
      if (pb.authStore.token && tokenSecondsLeft() < REFRESH_MARGIN_S) void refreshSession()
    }, CHECK_EVERY_MS)
    return () => {
      off()
      window.removeEventListener("online", onOnline)
      clearInterval(timer)
    }
  }, [queryClient])

  const userId = user?.id ?? null
  useEffect(() => {
    if (!userId) return
    let cancelled = false
    pb.collection("user_roles")
      .getFullList({ filter: pb.filter("user = {:id}", { id: userId }), fields: "role" })
      .then((rows) => !cancelled && startTransition(() => setRoles(rows.map((r) => r.role as Role))))
      .catch(() => !cancelled && startTransition(() => setRoles([])))
    return () => {
      cancelled = true
      setRoles(null)
    }
  }, [userId])

  const signOut = useCallback(async () => {
    const was = storedUser()?.id ?? ""
    const token = pb.authStore.token
    await Promise.allSettled(
      [...signOutTasks].map((task) =>
        Promise.race([task(token), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_TASK_MS))]),
      ),
    )
    pb.authStore.clear() // the change listener drops realtime, caches and private copies
    clearExpiredSession()
    queryClient.clear()
    await clearPrivateCopies(was)
  }, [queryClient])

  const reloadUser = useCallback(async () => {
    if (pb.authStore.token) await refreshSession()
  }, [])

  const value = useMemo<AuthContextValue>(
    () => ({
      status: user ? "signed-in" : "signed-out",
      user,
      roles: user ? roles : [],
      isStaff: !!roles && roles.length > 0,
      isAdmin: !!roles?.includes("admin"),
      signOut,
      reloadUser,
    }),
    [user, roles, signOut, reloadUser],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

const UNKNOWN: AuthContextValue = {
  status: "loading",
  user: null,
  roles: null,
  isStaff: false,
  isAdmin: false,
  signOut: () => Promise.resolve(),
  reloadUser: () => Promise.resolve(),
}

/**
 * Nobody known yet: the first screen prerendered at build time (routes/home.prerender.tsx), shown
 * to anyone until the app starts, so the header has neither the visitor's buttons nor a user's.
 */
export function AuthUnknown({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={UNKNOWN}>{children}</AuthContext.Provider>
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
