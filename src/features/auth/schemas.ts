// Account forms: the limits and messages of rules.json (the server checks the same again).
import * as v from "valibot"
import { limits, messages } from "@/config/rules"
import { textRule } from "@/config/text"

const email = v.pipe(v.string(), v.trim(), v.nonEmpty(messages.emailRequired), v.email("Email inválido"))
const password = v.pipe(
  v.string(),
  v.minLength(limits.password.min, messages.passwordMin),
  v.maxLength(limits.password.max, messages.passwordMax),
)

export const LoginSchema = v.object({ email, password })
export type LoginValues = v.InferOutput<typeof LoginSchema>

export const SignupSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(messages.nameRequired),
    textRule(limits.displayName.min, limits.displayName.max, messages.displayNameMin, messages.displayNameMax),
  ),
  email,
  password,
})
export type SignupValues = v.InferOutput<typeof SignupSchema>

export const ForgotPasswordSchema = v.object({ email })
export type ForgotPasswordValues = v.InferOutput<typeof ForgotPasswordSchema>

export const ResetPasswordSchema = v.pipe(
  v.object({
    password: v.pipe(
      v.string(),
      v.minLength(limits.password.min, messages.resetPasswordMin),
      v.maxLength(limits.password.max, messages.passwordMax),
    ),
    confirm: v.string(),
  }),
  v.forward(
    v.partialCheck([["password"], ["confirm"]], (i) => i.password === i.confirm, messages.passwordsDiffer),
    ["confirm"],
  ),
)
export type ResetPasswordValues = v.InferOutput<typeof ResetPasswordSchema>
