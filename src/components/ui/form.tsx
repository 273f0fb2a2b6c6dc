// Form primitives: react-hook-form with the valibot resolver, labelled fields with their error
// and hint, and a submit handler that shows the first validation message as an error toast
// (spec: "first message shown as an error toast").
import { valibotResolver } from "@hookform/resolvers/valibot"
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react"
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from "react-hook-form"
import type { GenericSchema } from "valibot"
import { cn } from "@/lib/cn"
import { toast } from "./toast"

export function useValibotForm<T extends FieldValues>(schema: GenericSchema<T>, defaultValues: DefaultValues<T>) {
  return useForm<T>({ resolver: valibotResolver(schema), defaultValues, mode: "onSubmit" })
}

/** onInvalid handler: the first error message as a toast. */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>) {
  const first = Object.values(errors).find((e) => e && typeof e.message === "string")
  if (first?.message) toast({ title: String(first.message), variant: "error" })
}

const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-stone-100 aria-[invalid=true]:border-red-400"

interface FieldProps {
  label: string
  error?: string
  hint?: ReactNode
  aside?: ReactNode
}

/** What labels the control and ties it to its error or hint. */
interface ControlProps {
  id: string
  "aria-invalid": true | undefined
  "aria-describedby": string | undefined
}

/** The label (with `aside` at its right), the control, then the error or else the hint. */
function FieldShell({
  label,
  error,
  hint,
  aside,
  children,
}: FieldProps & { children: (c: ControlProps) => ReactNode }) {
  const id = useId()
  const control: ControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  }
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {aside}
      </div>
      {children(control)}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function TextField({ label, error, hint, aside, className, ...props }, ref) {
    return (
      <FieldShell label={label} error={error} hint={hint} aside={aside}>
        {(control) => <input ref={ref} {...control} className={cn(inputClass, className)} {...props} />}
      </FieldShell>
    )
  },
)

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function TextareaField({ label, error, hint, aside, className, ...props }, ref) {
    return (
      <FieldShell label={label} error={error} hint={hint} aside={aside}>
        {(control) => <textarea ref={ref} {...control} className={cn(inputClass, "min-h-24", className)} {...props} />}
      </FieldShell>
    )
  },
)
