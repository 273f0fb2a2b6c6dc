// Drafts of the product form (submit and edit), local-first: saved to IndexedDB as the user types
// (text fields, toggles, tags, and picked pictures as blobs), one per user and product ("new" for
// a submission). Offline it all works the same; a sent product deletes its draft.
import { db, type ProductDraft } from "@/lib/db"
import type { FormImage, ProductFormInput } from "../schemas"

export const draftKey = (userId: string, productId: string | null) => `${userId}:${productId ?? "new"}`

export function loadDraft(key: string): Promise<ProductDraft | undefined> {
  return db.drafts.get(key)
}

export async function deleteDraft(key: string) {
  await db.drafts.delete(key)
}

/** Stores what the form holds now (pictures as blobs: they survive a reload). */
export async function saveDraft(key: string, userId: string, values: ProductFormInput, removed: string[]) {
  const { images, ...fields } = values
  await db.drafts.put({
    key,
    userId,
    values: fields,
    images: images.map((img) =>
      img.kind === "existing"
        ? { kind: "existing", name: img.name }
        : { kind: "new", name: img.file.name, type: img.file.type, blob: img.file },
    ),
    removed,
    savedAt: Date.now(),
  })
}

let seq = 0

/** The form's values from a draft; stored pictures get their URL from `existingUrl`. */
export function draftValues(
  draft: ProductDraft,
  base: ProductFormInput,
  existingUrl: (name: string) => string,
): ProductFormInput {
  const images: FormImage[] = draft.images.map((img) => {
    if (img.kind === "existing") return { kind: "existing", name: img.name, url: existingUrl(img.name) }
    const file = new File([img.blob], img.name, { type: img.type })
    return { kind: "new", id: `draft-${++seq}`, file, url: URL.createObjectURL(file) }
  })
  return { ...base, ...(draft.values as Partial<ProductFormInput>), images }
}
