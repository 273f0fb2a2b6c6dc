// A header control whose real component is costly to start mounts when the user reaches for it. The
// bell's popover and the account menu are Headless UI (a 50 KB chunk). Mounting both on every
// signed-in page took ~180 ms of a phone's main thread (4x CPU slowdown: ~720 ms), in long tasks,
// just as the page became usable, for menus most visits never open. Until then a plain button (the
// face: the real button's name and look, from `label`, `className` and `children`) stands in. A
// pointer over it, a finger on it or keyboard focus loads and mounts the real one (its code, then a
// transition: the face stays, focused, until it is ready). A press or click that reaches the face
// first opens the real one as soon as it is there, and keyboard focus moves to it. Code that cannot
// be loaded (offline on a first visit, before the service worker holds the app; a page left open
// across a deployment) leaves the face in place, and the next intent tries again: it never takes
// the page down.
import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react"

type IntentTrigger = Required<
  Pick<HTMLAttributes<HTMLElement>, "onPointerEnter" | "onPointerDown" | "onFocus" | "onBlur" | "onClick">
>

export function IntentMount<P extends object>({
  load,
  props,
  label,
  className,
  popup,
  children,
}: {
  /** the real control's module (a dynamic import): its first <button> is the one the face stands for */
  load: () => Promise<{ default: ComponentType<P> }>
  props: P
  /** the face's button: the real button's name, classes and popup kind, and what it draws */
  label: string
  className: string
  popup?: "menu"
  children: ReactNode
}) {
  const [Real, setReal] = useState<ComponentType<P> | null>(null)
  const loading = useRef<Promise<void> | null>(null)
  // open: a press or click reached the face (open the real one once it is there);
  // focused: the face has keyboard focus (hand it over)
  const [pending, setPending] = useState(NOTHING_PENDING)
  const box = useRef<HTMLSpanElement>(null)
  const want = () => {
    loading.current ??= load().then(
      (m) => startTransition(() => setReal(() => m.default)),
      () => {
        // tried again at the next intent; a tap that found no code is not replayed by a later hover
        loading.current = null
        setPending(NOTHING_PENDING)
      },
    )
  }
  const ask = (what: Partial<typeof NOTHING_PENDING>) => setPending((p) => ({ ...p, ...what }))
  const done = useCallback(() => setPending(NOTHING_PENDING), [])
  const trigger: IntentTrigger = {
    onPointerEnter: want,
    onPointerDown: (e) => {
      want()
      // Headless UI opens on a mouse press (and takes it): so does the face
      if (e.pointerType === "mouse" && e.button === 0) {
        e.preventDefault()
        ask({ open: true })
      }
    },
    onFocus: () => {
      ask({ focused: true })
      want()
    },
    onBlur: (e) => {
      // focus going elsewhere (Tab); a face removed by the swap loses focus to nothing
      if (e.relatedTarget) ask({ focused: false })
    },
    onClick: (e) => {
      // a mouse click follows the press that already asked; a tap or Enter/Space asks here
      if ((e.nativeEvent as PointerEvent).pointerType === "mouse") return
      ask({ open: true })
      want()
    },
  }
  return (
    <span ref={box} className="contents">
      {Real ? (
        <>
          <Real {...props} />
          <HandOver box={box} open={pending.open} focused={pending.focused} done={done} />
        </>
      ) : (
        // as Headless UI wraps its button (Menu, Popover: a relative box)
        <div className="relative">
          <button
            type="button"
            {...trigger}
            className={className}
            aria-label={label}
            aria-haspopup={popup}
            aria-expanded="false"
          >
            {children}
          </button>
        </div>
      )}
    </span>
  )
}

const NOTHING_PENDING = { open: false, focused: false }

/** Runs once the real control is on screen (after its own effects): focus and a pending open. */
function HandOver({
  box,
  open,
  focused,
  done,
}: {
  box: RefObject<HTMLSpanElement | null>
  open: boolean
  focused: boolean
  done: () => void
}) {
  useEffect(() => {
    if (!open && !focused) return
    const button = box.current?.querySelector("button")
    // the focused face left the page with the swap: focus went to the body
    if (focused && (!document.activeElement || document.activeElement === document.body)) button?.focus()
    if (open) button?.click()
    done()
  }, [box, open, focused, done])
  return null
}
