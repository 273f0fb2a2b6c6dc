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
  onClick: () => void
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
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
        </svg>
      ) : (
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
        </svg>
      )}
      {following ? "Seguindo" : "Seguir"}
      <span className="sr-only"> {makerName}</span>
      {pending && <span className="text-xs font-normal opacity-80">(pendente)</span>}
    </button>
  )
}
