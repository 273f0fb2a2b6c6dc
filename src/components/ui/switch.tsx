// On/off switches on Headless UI's Switch (role=switch with aria-checked, Space and Enter toggle
// it, a click on its Label does too). `Switch`: the label and a line of explanation (read as its
// description) beside the switch, for settings. `SwitchTrack`: the switch alone, for a caller
// that lays out its own Field and Label (the product form). Headless UI is its own lazy chunk:
// keep these off /home's first screen (the filters' toggles are plain buttons for that reason).
import { Description, Field, Label, Switch as HeadlessSwitch } from "@headlessui/react"
import type { ReactNode } from "react"
import { cn } from "@/lib/cn"

const SIZES = {
  // track, knob, knob off / on
  md: ["mt-0.5 h-7 w-12", "size-5", "translate-x-1", "translate-x-6"],
  form: ["h-6 w-11", "size-5", "translate-x-0.5", "translate-x-5.5"],
} as const

export function SwitchTrack({
  checked,
  onChange,
  size,
}: {
  checked: boolean
  onChange: (next: boolean) => void
  size: keyof typeof SIZES
}) {
  const [track, knob, off, on] = SIZES[size]
  return (
    <HeadlessSwitch
      checked={checked}
      onChange={onChange}
      className={cn(
        "relative inline-flex shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-disabled:opacity-50",
        track,
        checked ? "bg-brand-600" : "bg-stone-300",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("inline-block rounded-full bg-white shadow transition", knob, checked ? on : off)}
      />
    </HeadlessSwitch>
  )
}

export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string
  description?: ReactNode
  checked: boolean
  onChange: (next: boolean) => void
  disabled?: boolean
}) {
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <Label className="block text-sm font-semibold text-stone-900">{label}</Label>
        {description && <Description className="mt-0.5 text-sm text-stone-600">{description}</Description>}
      </div>
      <SwitchTrack checked={checked} onChange={onChange} size="md" />
    </Field>
  )
}
