// A toggle (vote, follow) answers each tap. The second click of a double click is not a tap: when
// the first one's write went through before it arrived (a fast server, a busy page), it would
// take the change back. `detail` is the click count of a mouse click (2 for that second click;
// 1 for a tap, 0 from the keyboard).
export function isSecondClick(event?: { detail: number }): boolean {
  return !!event && event.detail > 1
}
