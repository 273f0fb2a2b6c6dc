import { forwardRef, type InputHTMLAttributes } from "react"
import { TextField } from "@/components/ui/form"
import { limits, messages } from "@/config/rules"
import type { Availability } from "../api/check-username"
import { usernameProblem } from "../schemas"

const tones: Record<Availability, string> = {
  checking: "text-stone-500",
  available: "text-emerald-700",
  taken: "text-red-700",
  invalid: "text-red-700",
  unknown: "text-amber-800",
}

function statusText(availability: Availability, value: string): string {
  switch (availability) {
    case "checking":
      return "Verificando disponibilidade..."
    case "available":
      return "Username disponível"
    case "taken":
      return messages.usernameTaken
    case "invalid":
      return usernameProblem(value) ?? messages.usernamePattern
    case "unknown":
      return "Não foi possível verificar agora. O servidor confere ao salvar."
  }
}

const marks: Record<Availability, string> = { checking: "…", available: "✓", taken: "✕", invalid: "✕", unknown: "!" }

type Props = InputHTMLAttributes<HTMLInputElement> & {
  availability: Availability
  value: string
  error?: string
}

/** The username input with its availability indicator (checking, available, taken). */
export const UsernameField = forwardRef<HTMLInputElement, Props>(function UsernameField(
  { availability, value, error, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={limits.username.max}
      error={error}
      hint={
        <span
          className={`inline-flex items-center gap-1 ${tones[availability]}`}
          aria-live="polite"
          data-availability={availability}
        >
          <span aria-hidden="true" className="font-semibold">
            {marks[availability]}
          </span>
          {statusText(availability, value)}
        </span>
      }
      {...props}
    />
  )
})
