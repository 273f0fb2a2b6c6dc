// Starts and re-starts the outbox flusher (src/lib/outbox.ts): at app start and sign-in, when the
// browser comes back online, when the tab is shown again, when the realtime connection comes back,
// and on the backoff timer (the outbox schedules that itself). A write the server refused later,
// in the background, is reported here; a refused vote is dropped (the button shows the server's
// state again), a refused comment stays visible as not sent until discarded.
import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { toast } from "@/components/ui/toast"
import { registerCommentOutbox } from "@/features/comments/api/write-comment"
import { productKeys } from "@/features/products/api/get-products"
import { registerVoteOutbox, VOTE_KIND } from "@/features/votes/api/set-vote"
import { useAuth } from "@/lib/auth"
import { onStorageError, requestPersistentStorage } from "@/lib/db"
import { discard, onOutboxEvent, retryNow, stopOutboxTimer } from "@/lib/outbox"
import { pb } from "@/lib/pocketbase"
import { rereadAfterWrite } from "@/lib/query-client"

export function useOutboxSync() {
  const qc = useQueryClient()
  const { user } = useAuth()
  const userId = user?.id ?? ""

  useEffect(() => {
    const offs = [
      registerVoteOutbox(qc),
      registerCommentOutbox(qc),
      // a sent write changes the product page's counters (cards take the vote count the server
      // answered; their comment counts catch up with the next read of the listing)
      onOutboxEvent((e) => {
        if (e.type === "sent") rereadAfterWrite(qc, [...productKeys.all, "detail"])
      }),
      onOutboxEvent((e) => {
        if (e.type !== "failed" || e.immediate) return
        toast({ title: "Não foi possível enviar", description: e.message, variant: "error" })
        if (e.op.kind === VOTE_KIND && e.op.seq !== undefined) void discard(e.op.seq)
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [qc])

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
    const onVisible = () => document.visibilityState === "visible" && retry()
    window.addEventListener("online", retry)
    window.addEventListener("focus", retry)
    document.addEventListener("visibilitychange", onVisible)
    const unsub = pb.realtime.subscribe("PB_CONNECT", retry).catch(() => undefined)
    return () => {
      window.removeEventListener("online", retry)
      window.removeEventListener("focus", retry)
      document.removeEventListener("visibilitychange", onVisible)
      void unsub.then((off) => off?.())
      stopOutboxTimer()
    }
  }, [userId])
}
