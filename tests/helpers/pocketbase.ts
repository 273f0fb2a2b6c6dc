// Integration-test harness: a real PocketBase (the pinned binary) on a free port with a temporary
// data dir and the project's migrations and hooks, a superuser client, and helpers to make users.
import PocketBase from "pocketbase"
import { startPocketBase, type PocketBaseServer } from "../../scripts/lib/pb-server.mjs"

export const SUPERUSER = { email: "root@vitrine.test", password: "superuser-pass-123" }
export const PASSWORD = "senha-segura-123"

export interface TestBackend {
  server: PocketBaseServer
  url: string
  /** A client signed in as superuser. */
  admin: PocketBase
  /** A new anonymous client. */
  anon(): PocketBase
  /** Creates a user (optionally with roles) and returns a client signed in as them. */
  user(name: string, roles?: Array<"admin" | "moderator">): Promise<{ pb: PocketBase; id: string }>
  stop(): Promise<void>
}

export async function startBackend(
  env: Record<string, string> = {},
  opts: { publicDir?: string } = {},
): Promise<TestBackend> {
  const server = await startPocketBase({
    superuser: SUPERUSER,
    env: { RATE_LIMITS: "off", ...env },
    publicDir: opts.publicDir,
  })
  const client = () => {
    const pb = new PocketBase(server.url)
    pb.autoCancellation(false)
    return pb
  }
  const admin = client()
  await admin.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password)
  let n = 0
  return {
    server,
    url: server.url,
    admin,
    anon: client,
    async user(name, roles = []) {
      n += 1
      const email = `${name
        .normalize("NFD")
        .replace(/[^a-zA-Z0-9]/g, "")
        .toLowerCase()}-${n}@vitrine.test`
      const rec = await admin.collection("users").create({
        email,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        display_name: name,
        verified: true,
      })
      for (const role of roles) await admin.collection("user_roles").create({ user: rec.id, role })
      // a token issued by the superuser: no second bcrypt round per user (suites create hundreds)
      const pb = await admin.collection("users").impersonate(rec.id, 3600)
      pb.autoCancellation(false)
      return { pb, id: rec.id }
    },
    stop: () => server.stop(),
  }
}

/** A tiny valid PNG (1x1) as a Blob, for file fields. */
export function pngBlob(): Blob {
  const b64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
  return new Blob([Buffer.from(b64, "base64")], { type: "image/png" })
}
