/**
 * A returnUrl is honoured only when it is a path of this site: "/..." but not "//host" or
 * "/\host" (both mean another origin to browsers), and no scheme, before and after the path is
 * normalised (dot segments). Anything else becomes fallback.
 */
export function safeReturnUrl(raw: string | null | undefined, fallback = "/"): string {
  if (!raw) return fallback
  const value = raw.trim()
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback
  if ([...value].some((ch) => ch.charCodeAt(0) < 32)) return fallback // tabs/newlines are dropped by URL parsers
  try {
    const url = new URL(value, "https://vitrine.invalid")
    if (url.origin !== "https://vitrine.invalid") return fallback
    const path = url.pathname + url.search + url.hash
    // checked again once normalised: "/.//evil.example" becomes "//evil.example"
    if (path.startsWith("//") || path.startsWith("/\\")) return fallback
    return path
  } catch {
    return fallback
  }
}
