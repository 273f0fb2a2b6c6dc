// How a vote button looks (card and product page variants), with the 'pendente' mark of a vote
// still in the outbox. No data access here: visitors get it without the outbox code.
import { ArrowUpIcon } from "@/components/ui/icons"
import { cn } from "@/lib/cn"

/** 'Votar em X (3 votos)' / 'Remover voto de X (1 voto), pendente': what screen readers hear. */
export function voteLabel(title: string, shown: number, voted: boolean, pending = false) {
  return (
    `${voted ? "Remover voto de" : "Votar em"} ${title} (${shown} ${shown === 1 ? "voto" : "votos"})` +
    (pending ? ", pendente" : "")
  )
}

export function VoteButtonView({
  variant,
  voted,
  shown,
  pending,
  label,
  onClick,
  disabled,
}: {
  variant: "card" | "detail"
  voted: boolean
  shown: number
  pending: boolean
  label: string
  onClick: (event: { detail: number }) => void
  disabled?: boolean
}) {
  const detail = variant === "detail"
  // The count sits beside the button, in the same pill: the button's visible text must be part of
  // its name ('Votar' / the arrow), and a parenthesised '(3 votos)' does not count as such for
  // screen-reader users' voice control. The count is in the name; a tap on it votes too.
  return (
    <span
      className={cn(
        "inline-flex items-center font-semibold transition",
        detail ? "gap-2 rounded-xl pr-4 text-sm shadow-sm ring-1" : "gap-1 rounded-lg border pr-2.5 tabular-nums",
        detail
          ? voted
            ? "bg-brand-600 text-white ring-brand-600 hover:bg-brand-700"
            : "bg-white text-stone-800 ring-stone-300 hover:text-brand-700 hover:ring-brand-500"
          : voted
            ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
            : "border-stone-300 text-stone-700 hover:border-brand-500 hover:text-brand-700",
        pending && (detail ? "ring-2 ring-amber-400 ring-offset-1" : "border-dashed border-amber-500"),
        disabled && "opacity-50",
      )}
    >
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-pressed={voted}
        aria-label={label}
        className={cn(
          "flex items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          // a phone's tap target: at least 44x44 px, on the card too
          detail ? "min-h-11 gap-2 rounded-xl py-2.5 pl-4" : "min-h-11 min-w-11 justify-center rounded-lg pl-1.5",
        )}
      >
        <ArrowUpIcon className={detail ? "size-5" : "size-4"} />
        {detail && <span>{voted ? "Votado" : "Votar"}</span>}
      </button>
      <span
        aria-hidden="true"
        onClick={disabled ? undefined : onClick}
        className={cn(
          "cursor-pointer tabular-nums",
          detail && "rounded-md px-1.5 py-0.5 text-xs",
          detail && (voted ? "bg-white/20" : "bg-stone-100 text-stone-700"),
        )}
        data-testid="vote-count"
      >
        {shown}
      </span>
      {pending && (
        <span
          aria-hidden="true"
          className="text-[10px] font-semibold tracking-wide uppercase opacity-80"
          data-testid="vote-pending"
        >
          pendente
        </span>
      )}
    </span>
  )
}
