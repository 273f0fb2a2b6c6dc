// Creates (POST /api/vitrine/products) or updates (POST /api/vitrine/products/{id}/update) a
// product as one multipart request sent with XMLHttpRequest, whose upload progress drives the
// form's percentage (fetch has no upload progress). Needs the network: offline the request
// fails and the form shows the error; nothing is queued.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { ClientResponseError, pb } from "@/lib/pocketbase"
import type { ProductFormValues } from "../schemas"
import { productKeys } from "./keys"

export interface SavedProduct {
  id: string
  slug: string
  /** an edit of a rejected product sent it back to review */
  resubmitted?: boolean
}

export interface SaveProductInput {
  /** null creates a product */
  id: string | null
  values: ProductFormValues
  /** stored file names to delete on save (edit) */
  removeImages?: string[]
  /** progress of the upload, 0-100 */
  onProgress?: (percent: number) => void
}

function toFormData(values: ProductFormValues, removeImages: string[] | null): FormData {
  const form = new FormData()
  form.append("title", values.title)
  form.append("description", values.description)
  form.append("url", values.url)
  form.append("category", values.category)
  form.append("built_with_lovable", String(values.built_with_lovable))
  form.append("built_with_epic", String(values.built_with_epic))
  form.append("tags", JSON.stringify(values.tags))
  // images marked for removal in the form are only deleted now, on save
  if (removeImages) form.append("remove_images", JSON.stringify(removeImages))
  for (const img of values.images) if (img.kind === "new") form.append("images", img.file, img.file.name)
  return form
}

/** Sends the multipart body, reporting upload progress; rejects with a ClientResponseError. */
function sendMultipart<T>(path: string, body: FormData, onProgress?: (percent: number) => void): Promise<T> {
  const url = pb.buildURL(path)
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open("POST", url)
    if (pb.authStore.token) xhr.setRequestHeader("Authorization", pb.authStore.token)
    xhr.setRequestHeader("Accept", "application/json")
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => {
      let data: unknown
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : {}
      } catch {
        data = {}
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100)
        resolve(data as T)
      } else {
        reject(new ClientResponseError({ url, status: xhr.status, response: data }))
      }
    }
    xhr.onerror = () => reject(new ClientResponseError({ url, status: 0, response: {}, isAbort: false }))
    xhr.onabort = () => reject(new ClientResponseError({ url, status: 0, response: {}, isAbort: true }))
    xhr.send(body)
  })
}

export async function saveProduct({ id, values, removeImages, onProgress }: SaveProductInput): Promise<SavedProduct> {
  const form = toFormData(values, id === null ? null : (removeImages ?? []))
  if (id === null) return sendMultipart<SavedProduct>("/api/vitrine/products", form, onProgress)
  return sendMultipart<SavedProduct>(`/api/vitrine/products/${encodeURIComponent(id)}/update`, form, onProgress)
}

export function useSaveProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
