// Validated build-time settings. The API lives on the same origin as the app unless
// VITE_API_URL says otherwise (e.g. a separate PocketBase during development). Checked with the
// platform's URL parser (not valibot): this module is on every visitor's first page.
function apiUrl(raw: string): string {
  const url = new URL(raw) // throws on anything that is not an absolute URL
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`VITE_API_URL inválida: ${raw}`)
  return raw.replace(/\/$/, "")
}

export const env = {
  apiUrl: apiUrl(
    import.meta.env.VITE_API_URL || (typeof window !== "undefined" ? window.location.origin : "http://127.0.0.1"),
  ),
}
