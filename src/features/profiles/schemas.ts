// Profile form: the limits and messages of rules.json (the server checks the same again).
import * as v from "valibot"
import { limits, messages } from "@/config/rules"
import { textRule } from "@/config/text"

export const UsernameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.minLength(limits.username.min, messages.usernameMin),
  v.maxLength(limits.username.max, messages.usernameMax),
  v.regex(new RegExp(limits.username.pattern), messages.usernamePattern),
)

export const ProfileSchema = v.object({
  display_name: v.pipe(
    v.string(),
    v.trim(),
    textRule(limits.displayName.min, limits.displayName.max, messages.displayNameMin, messages.displayNameMax),
  ),
  username: UsernameSchema,
  // optional: an empty bio is saved as empty
  bio: v.pipe(v.string(), v.trim(), textRule(0, limits.bio.max, "", messages.bioMax)),
})
export type ProfileValues = v.InferOutput<typeof ProfileSchema>

/** The first problem with a username as typed, or null when it may be checked on the server. */
export function usernameProblem(value: string): string | null {
  const res = v.safeParse(UsernameSchema, value)
  return res.success ? null : (res.issues[0]?.message ?? messages.usernamePattern)
}

/** Why an avatar file is refused before upload, or null when it is fine. */
export function avatarProblem(file: File): string | null {
  if (!limits.avatar.mimeTypes.includes(file.type)) return messages.avatarType
  if (file.size > limits.avatar.maxBytes) return messages.avatarSize
  return null
}
