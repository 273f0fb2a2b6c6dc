// Whether the user has begun to use the page since they arrived at its address: a tap, a key, a
// wheel or a finger (a scroll by any of them starts with one). A jump the app would make on its own
// once content arrives (to a #comment-… anchor) is not made under such a user, as browsers do with
// anchors: it would move what they were reaching for (a menu they opened, a button under a finger).
// Watched from the start (main.tsx), before the code that would jump has loaded.

import type { DataRouter } from "react-router-dom"

const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const

let lastInput = -1
let arrivedAt = 0

/** Starts watching: the user's input, and each new address the router arrives at. */
export function watchUserInput(router: DataRouter) {
  const mark = () => {
    lastInput = performance.now()
  }
  for (const type of INPUTS) addEventListener(type, mark, { capture: true, passive: true })
  let key = router.state.location.key
  router.subscribe(({ location }) => {
    if (location.key === key) return
    key = location.key
    arrivedAt = performance.now()
  })
}

/** True once the user has used the page since the current address was reached. */
export const usedSinceArrival = () => lastInput > arrivedAt
