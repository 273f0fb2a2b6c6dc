import { CheckIcon, PlusIcon } from "@/components/ui/icons"
import { cn } from "@/lib/cn"

/**
 * 'Seguir' / 'Seguindo' (pressed), named with the maker for screen readers; 'pendente' while the
 * change waits in the outbox. Shared by the signed-out and signed-in buttons.
 */
export function FollowButtonView({
  following,
  pending,
  makerName,
  onClick,
  className,
}: {
  following: boolean
  pending: boolean
  makerName: string
  onClick: (event: { detail: number }) => void
  className?: string
}) {
  return (
    <button
      type="button"
      aria-pressed={following}
      onClick={onClick}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        following
          ? "bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
          : "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        className,
      )}
    >
      {following ? (
        <CheckIcon className="size-4" strokeWidth={2.5} />
      ) : (
        <PlusIcon className="size-4" strokeWidth={2.5} />
      )}
      {following ? "Seguindo" : "Seguir"}
      <span className="sr-only"> {makerName}</span>
      {pending && <span className="text-xs font-normal opacity-80">(pendente)</span>}
    </button>
  )
}
