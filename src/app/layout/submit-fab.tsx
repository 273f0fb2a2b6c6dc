// 'Enviar Produto' on phones: the header has no room for it, so a signed-in user gets a floating
// button at the bottom right (a thumb's reach), out of the way on the form itself and on the
// product editor. From sm up the header carries the button. It slides away while the user scrolls
// down a listing (it would sit on a row's vote button) and comes back on the first scroll up, near
// the top, or when it gets keyboard focus.
import { useEffect, useState } from "react"
import { Link, useLocation } from "react-router-dom"
import { PlusIcon } from "@/components/ui/icons"
import { paths } from "@/config/paths"

/** Scrolled this far down past the last turn, the button hides; this far up, it shows. */
const STEP = 24

function useScrollingDown(): boolean {
  const [down, setDown] = useState(false)
  useEffect(() => {
    // where the last change of direction was seen; read in the next frame, where the layout is
    // done anyway: read here (the first commit's effects), scrollY forced it into the same task,
    // ~30 ms of a phone's main thread
    let turn = 0
    let frame = requestAnimationFrame(() => {
      frame = 0
      turn = window.scrollY
    })
    const update = () => {
      frame = 0
      const y = window.scrollY
      if (y < STEP * 4 || turn - y > STEP) {
        setDown(false)
        turn = y
      } else if (y - turn > STEP) {
        setDown(true)
        turn = y
      }
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    window.addEventListener("scroll", onScroll, { passive: true })
    return () => {
      window.removeEventListener("scroll", onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return down
}

export function SubmitFab() {
  const { pathname } = useLocation()
  const scrollingDown = useScrollingDown()
  const [focused, setFocused] = useState(false)
  if (pathname === paths.submit || pathname.endsWith("/edit")) return null
  const away = scrollingDown && !focused
  return (
    <Link
      to={paths.submit}
      aria-label="Enviar Produto"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      className={`fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-20 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-1 ring-brand-700/20 transition-transform duration-200 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none sm:hidden ${away ? "translate-y-[calc(100%+2rem)]" : ""}`}
    >
      <PlusIcon className="size-7" />
    </Link>
  )
}
