// An on/off switch with its label (Headless UI's Switch: role=switch with aria-checked, Space and
// Enter toggle it, a click on the label does too) and, optionally, a line of explanation read as
// its description. "sm": a compact row (the filters); "md": label and explanation beside a larger
// switch (settings).
import { Description, Field, Label, Switch as HeadlessSwitch } from "@headlessui/react"
import type { ReactNode } from "react"
import { cn } from "@/lib/cn"

export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  size = "md",
  className,
}: {
  label: string
  description?: ReactNode
  checked: boolean
  onChange: (next: boolean) => void
  disabled?: boolean
  size?: "sm" | "md"
  className?: string
}) {
  const md = size === "md"
  return (
    <Field
      disabled={disabled}
      className={cn("flex justify-between", md ? "items-start gap-4 py-3" : "items-center gap-3", className)}
    >
      <div className="min-w-0">
        <Label className={cn("block text-sm", md ? "font-semibold text-stone-900" : "cursor-pointer text-stone-700")}>
          {label}
        </Label>
        {description && <Description className="mt-0.5 text-sm text-stone-600">{description}</Description>}
      </div>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        className={cn(
          "relative inline-flex shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-disabled:opacity-50",
          md ? "mt-0.5 h-7 w-12" : "h-5 w-9",
          checked ? "bg-brand-600" : "bg-stone-300",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block rounded-full bg-white shadow transition",
            md ? "size-5" : "size-4",
            md ? (checked ? "translate-x-6" : "translate-x-1") : checked ? "translate-x-4.5" : "translate-x-0.5",
          )}
        />
      </HeadlessSwitch>
    </Field>
  )
}
