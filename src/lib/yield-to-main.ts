// Ends the current task and resumes in a new one, so the browser can paint or answer a tap in
// between: one long start-up task becomes several short ones. scheduler.yield() where the browser
// has it (it resumes before other queued work), else a message to ourselves (unlike setTimeout,
// not clamped or throttled in a background tab).
type Scheduler = { yield?: () => Promise<void> }

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === "function") return scheduler.yield()
  return new Promise((resume) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resume()
    }
    channel.port2.postMessage(null)
  })
}
