import { Link, type LinkProps } from "react-router-dom"
import type { ButtonHTMLAttributes } from "react"
import { cn } from "@/lib/cn"

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 shadow-sm",
  secondary: "bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50",
  ghost: "text-stone-700 hover:bg-stone-100",
} as const
const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"

type Variant = { variant?: keyof typeof variants }

export function Button({
  variant = "primary",
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Variant) {
  return <button type="button" className={cn(base, variants[variant], className)} {...props} />
}

export function ButtonLink({ variant = "primary", className, ...props }: LinkProps & Variant) {
  return <Link className={cn(base, variants[variant], className)} {...props} />
}
