// Validated build-time settings. The API lives on the same origin as the app unless
// VITE_API_URL says otherwise (e.g. a separate PocketBase during development).
import * as v from "valibot"

const EnvSchema = v.object({
  apiUrl: v.pipe(v.string(), v.url()),
})

export const env = v.parse(EnvSchema, {
  apiUrl: import.meta.env.VITE_API_URL || (typeof window !== "undefined" ? window.location.origin : "http://127.0.0.1"),
})
