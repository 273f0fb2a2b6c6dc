// The product form: the limits and messages of rules.json (the server checks the same again).
import * as v from "valibot"
import { limits, messages } from "@/config/rules"

/** An image of the form: one already stored (edit) or a newly picked file. */
export type FormImage =
  { kind: "existing"; name: string; url: string } | { kind: "new"; id: string; file: File; url: string }

export const ProductFormSchema = v.object({
  title: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(limits.productTitle.min, messages.titleMin),
    v.maxLength(limits.productTitle.max, messages.titleMax),
  ),
  description: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(limits.productDescription.min, messages.descriptionMin),
    v.maxLength(limits.productDescription.max, messages.descriptionMax),
  ),
  url: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(messages.urlInvalid),
    v.maxLength(limits.productUrl.max, messages.urlInvalid),
    v.url(messages.urlInvalid),
    v.regex(/^https?:\/\//i, messages.urlScheme),
  ),
  category: v.string(),
  built_with_lovable: v.boolean(),
  built_with_epic: v.boolean(),
  tags: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.toLowerCase())),
    v.transform((tags) => [...new Set(tags.filter(Boolean))]),
    v.minLength(limits.tags.min, messages.tagsMin),
    v.maxLength(limits.tags.max, messages.tagsMax),
  ),
  images: v.pipe(
    v.array(v.custom<FormImage>((x) => typeof x === "object" && x !== null)),
    v.minLength(limits.images.min, messages.imagesMin),
    v.maxLength(limits.images.max, messages.imagesMax),
  ),
})
export type ProductFormInput = v.InferInput<typeof ProductFormSchema>
export type ProductFormValues = v.InferOutput<typeof ProductFormSchema>

/** Why an image file is refused before upload, or null when it is fine. */
export function imageProblem(file: File): string | null {
  if (!limits.images.mimeTypes.includes(file.type)) return messages.imageType
  if (file.size > limits.images.maxBytes) return messages.imageSize
  return null
}

/** A tag as stored: trimmed, lowercase. */
export const normalizeTag = (t: string) => t.trim().toLowerCase().slice(0, limits.tags.nameMax)
