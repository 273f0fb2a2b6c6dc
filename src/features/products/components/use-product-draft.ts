// The product form's draft: restored when the form opens ('Rascunho restaurado', with 'Descartar
// rascunho'), saved half a second after each change, deleted when the product is sent. Leaving the
// page with unsaved changes asks 'Descartar alterações?' first (in-app navigation; a reload keeps
// the draft anyway).
import { useEffect, useRef, useState } from "react"
import { useBlocker } from "react-router-dom"
import type { UseFormReturn } from "react-hook-form"
import { toast } from "@/components/ui/toast"
import { useAuth } from "@/lib/auth"
import { reportStorageError } from "@/lib/db"
import { deleteDraft, draftKey, draftValues, loadDraft, saveDraft } from "../local/drafts"
import type { ProductFormInput } from "../schemas"

const SAVE_AFTER_MS = 500

export function useProductDraft({
  form,
  productId,
  defaults,
  existingUrl,
  removed,
  setRemoved,
}: {
  form: UseFormReturn<ProductFormInput>
  productId: string | null
  defaults: ProductFormInput
  existingUrl: (name: string) => string
  removed: string[]
  setRemoved: (names: string[]) => void
}) {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const key = draftKey(userId, productId)
  const [restored, setRestored] = useState(false)
  const loaded = useRef(false)
  /** the product was sent: nothing to keep or ask about any more */
  const sent = useRef(false)
  const { isDirty, isSubmitSuccessful } = form.formState
  const unsaved = (isDirty || removed.length > 0) && !isSubmitSuccessful

  // restore once, when the form opens
  useEffect(() => {
    if (!userId) return
    let cancelled = false
    loadDraft(key)
      .then((draft) => {
        if (cancelled || !draft) return
        form.reset(draftValues(draft, defaults, existingUrl), { keepDefaultValues: true })
        setRemoved(draft.removed)
        setRestored(true)
      })
      .catch(() => undefined)
      .finally(() => (loaded.current = true))
    return () => {
      cancelled = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form
  }, [key])

  // save after each pause in typing; a form back to where it started keeps no draft
  const values = form.watch()
  useEffect(() => {
    if (!userId || !loaded.current || sent.current) return
    const timer = setTimeout(() => {
      const saved = unsaved ? saveDraft(key, userId, form.getValues(), removed) : deleteDraft(key)
      saved.catch((err: unknown) => reportStorageError(err))
    }, SAVE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [values, removed, unsaved, key, userId, form])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !sent.current && currentLocation.pathname !== nextLocation.pathname,
  )

  const discard = async () => {
    await deleteDraft(key)
    form.reset(defaults)
    setRemoved([])
    setRestored(false)
    toast({ title: "Rascunho descartado", variant: "info" })
  }

  return {
    restored,
    discard,
    /** the product was sent: its draft goes, and leaving asks nothing */
    markSent: async () => {
      sent.current = true
      await deleteDraft(key).catch(() => undefined)
    },
    /** asking 'Descartar alterações?' */
    leaving: blocker.state === "blocked",
    stay: () => blocker.state === "blocked" && blocker.reset(),
    leave: async () => {
      await deleteDraft(key)
      if (blocker.state === "blocked") blocker.proceed()
    },
  }
}
