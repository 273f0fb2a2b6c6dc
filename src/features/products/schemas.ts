// The product form: the limits and messages of rules.json (the server checks the same again).
import * as v from "valibot"
import { limits, messages } from "@/config/rules"
import { graphemeCount, splitTags, textProblem, textRule, urlProblem } from "@/config/text"

/** An image of the form: one already stored (edit) or a newly picked file. */
export type FormImage =
  { kind: "existing"; name: string; url: string } | { kind: "new"; id: string; file: File; url: string }

export const ProductFormSchema = v.object({
  title: v.pipe(
    v.string(),
    v.trim(),
    textRule(limits.productTitle.min, limits.productTitle.max, messages.titleMin, messages.titleMax),
  ),
  description: v.pipe(
    v.string(),
    v.trim(),
    textRule(
      limits.productDescription.min,
      limits.productDescription.max,
      messages.descriptionMin,
      messages.descriptionMax,
    ),
  ),
  // the server's one URL rule (pb_hooks/lib/text.js)
  url: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (url) => urlProblem(url) === "",
      (issue) => urlProblem(String(issue.input)) || messages.urlInvalid,
    ),
  ),
  category: v.string(),
  built_with_lovable: v.boolean(),
  built_with_epic: v.boolean(),
  tags: v.pipe(
    v.array(v.string()),
    // 'design, marketing' is two tags, as on the server
    v.transform((tags) => [...new Set(tags.flatMap(splitTags))]),
    v.check(
      (tags) => tags.every((t) => !tagProblem(t)),
      (issue) => tagProblem(firstBad(issue.input)) || messages.tagsInvalid,
    ),
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

/** Why a tag name is refused (the server's rule), or "". */
export function tagProblem(name: string): string {
  return textProblem(name, 1, limits.tags.nameMax, messages.tagNameMax, messages.tagNameMax)
}
const firstBad = (tags: unknown) => (Array.isArray(tags) ? tags.map(String).find((t) => tagProblem(t)) : "") ?? ""

/** Tags as stored, from what was typed: 'Design, Marketing' -> ['design', 'marketing']. */
export const normalizeTags = (typed: string) => splitTags(typed)

export { graphemeCount }
