// What the header bell shows: the icon and the unread badge (9+ above 9, a 2 s pulse at each
// change), with the badge's text in the button's name. Drawn by the popover's button and, until
// the user reaches for the bell, by a plain button standing in for it (notification-bell.tsx).
import { BellIcon } from "@/components/ui/icons"

export const BELL_BUTTON_CLASS =
  "relative flex size-9 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"

/** The button's name: what is seen must be what can be said. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notificações, ${unread > 9 ? "9+" : unread} não lidas` : "Notificações"
}

/** `pulse`: false when the badge is only redrawn (the popover taking over from the plain button). */
export function BellFace({ unread, pulse = true }: { unread: number; pulse?: boolean }) {
  return (
    <>
      <BellIcon className="size-5" />
      {unread > 0 && (
        // keyed by the count: each change remounts the badge, which pulses for 2 s (2 x 1 s)
        <span
          key={unread}
          data-testid="bell-badge"
          className={`absolute -top-0.5 -right-0.5 flex h-5 min-w-5 ${pulse ? "animate-[pulse_1s_ease-in-out_2]" : ""} items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white`}
        >
          {unread > 9 ? "9+" : unread}
        </span>
      )}
    </>
  )
}
