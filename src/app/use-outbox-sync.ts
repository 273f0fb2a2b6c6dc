// Starts and re-starts the outbox flusher (src/lib/outbox.ts): at app start and sign-in, when the
// browser comes back online, when the tab is shown again, when the realtime connection comes back,
// and on the retry timer that every open tab keeps from IndexedDB (watchOutbox). Importing the vote
// and comment modules registers how their writes are sent. A write the server refused later, in
// the background, is reported here; a refused vote is dropped (the button shows the server's
// state again), a refused comment stays visible as not sent until discarded.
import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { useAuthDialog } from "@/components/auth-dialog"
import { toast } from "@/components/ui/toast"
import { bindCommentCaches } from "@/features/comments/api/create-comment"
import { bindFollowCaches, FOLLOW_KIND } from "@/features/follows/api/set-follow"
import { productKeys } from "@/features/products/api/keys"
import { profileKeys } from "@/features/profiles/api/keys"
import { bindVoteCaches, VOTE_KIND } from "@/features/votes/api/set-vote"
import { useAuth } from "@/lib/auth"
import { onStorageError, requestPersistentStorage } from "@/lib/db"
import { discard, onOutboxEvent, retryNow, watchOutbox } from "@/lib/outbox"
import { pb } from "@/lib/pocketbase"
import { rereadAfterWrite } from "@/lib/query-client"

export function useOutboxSync() {
  const qc = useQueryClient()
  const { user } = useAuth()
  const { openDialog } = useAuthDialog()
  const userId = user?.id ?? ""

  useEffect(() => {
    bindVoteCaches(qc)
    bindCommentCaches(qc)
    bindFollowCaches(qc)
    const offs = [
      // a sent follow changes the maker page's 'N seguidores' and the 'Seguindo' feed
      onOutboxEvent((e) => {
        if (e.type !== "sent" || e.op.kind !== FOLLOW_KIND) return
        rereadAfterWrite(qc, profileKeys.all)
        void qc.invalidateQueries({
          queryKey: productKeys.lists(),
          predicate: (q) => !!(q.queryKey[2] as { following?: boolean } | undefined)?.following,
        })
      }),
      // a sent write changes the product page's counters (cards take the vote count the server
      // answered; their comment counts catch up with the next read of the listing)
      onOutboxEvent((e) => {
        if (e.type === "sent") rereadAfterWrite(qc, productKeys.details())
      }),
      onOutboxEvent((e) => {
        if (e.type === "session-refused") {
          toast({
            title: "Sua sessão não foi aceita",
            description: "Entre novamente para enviar as ações pendentes.",
            variant: "error",
            action: { label: "Entrar", onClick: () => openDialog("login") },
          })
          return
        }
        if (e.type !== "failed" || e.immediate) return
        toast({ title: "Não foi possível enviar", description: e.message, variant: "error" })
        if ((e.op.kind === VOTE_KIND || e.op.kind === FOLLOW_KIND) && e.op.seq !== undefined) void discard(e.op.seq)
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [qc, openDialog])

  useEffect(() => {
    void requestPersistentStorage()
    let told = false // once per session is enough
    return onStorageError((message) => {
      if (told) return
      told = true
      toast({ title: message, variant: "error" })
    })
  }, [])

  useEffect(() => {
    if (!userId) return
    const retry = () => void retryNow(userId)
    // a fresh start tries everything at once: backoff from an earlier session must not delay it
    retry()
    const stopWatching = watchOutbox(userId)
    const onVisible = () => document.visibilityState === "visible" && retry()
    window.addEventListener("online", retry)
    window.addEventListener("focus", retry)
    document.addEventListener("visibilitychange", onVisible)
    const unsub = pb.realtime.subscribe("PB_CONNECT", retry).catch(() => undefined)
    // a refreshed session (sign-in, refresh) may be what the writes were waiting for
    const offAuth = pb.authStore.onChange(() => {
      if (pb.authStore.record?.id === userId && pb.authStore.isValid) retry()
    })
    return () => {
      window.removeEventListener("online", retry)
      window.removeEventListener("focus", retry)
      document.removeEventListener("visibilitychange", onVisible)
      void unsub.then((off) => off?.())
      offAuth()
      stopWatching()
    }
  }, [userId])
}
