// A real PocketBase that sends its e-mails to a local SMTP sink (scripts/lib/smtp-sink.mjs), for
// tests that follow the links of the verification and password-reset mails.
import { startSmtpSink, type Mail, type SmtpSink } from "../../scripts/lib/smtp-sink.mjs"
import { startBackend, type TestBackend } from "./pocketbase"

export type { Mail, SmtpSink }

/** The public address the e-mails link to (the app, not PocketBase: nothing is fetched from it). */
export const APP_URL = "https://vitrine.test"

export interface MailBackend {
  be: TestBackend
  sink: SmtpSink
  stop(): Promise<void>
}

export async function startBackendWithMail(env: Record<string, string> = {}): Promise<MailBackend> {
  const sink = await startSmtpSink()
  try {
    const be = await startBackend({ ...sink.env, APP_URL, ...env })
    return {
      be,
      sink,
      async stop() {
        await be.stop()
        await sink.stop()
      },
    }
  } catch (err) {
    await sink.stop()
    throw err
  }
}

/** The one link of `mail` that starts with `prefix`, and its `token` query parameter. */
export function linkWithToken(mail: Mail, prefix: string): { link: string; token: string } {
  const found = mail.links.filter((l) => l.startsWith(prefix))
  if (found.length !== 1) throw new Error(`expected one link starting with ${prefix}, got ${mail.links.join(", ")}`)
  const link = found[0]!
  const token = new URL(link).searchParams.get("token") ?? ""
  return { link, token }
}
