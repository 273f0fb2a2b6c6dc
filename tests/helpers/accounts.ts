// The mail-backed server of the account suites (tests/accounts-*.test.ts) and their small tools:
// fresh e-mail addresses, sign-up and sign-in as the app does them, and what a JWT carries.
// E-mails really travel over SMTP to a local sink (scripts/lib/smtp-sink.mjs). One server per test
// file: vitest gives each file its own copy of this module.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll } from "vitest"
import { PASSWORD, type TestBackend } from "./pocketbase"
import { startBackendWithMail, type MailBackend } from "./smtp"

// set in beforeAll by withAccountsBackend (live bindings: importers see the values once it ran)
export let mb: MailBackend
export let be: TestBackend

/** Starts PocketBase with its SMTP sink before the file's tests, and stops both after. */
export function withAccountsBackend() {
  beforeAll(async () => {
    mb = await startBackendWithMail()
    be = mb.be
  })
  afterAll(async () => {
    await mb?.stop()
  })
}

let n = 0
/** A fresh e-mail address for each account of this file. */
export const newEmail = (who: string) => `${who}-${++n}@vitrine.test`

export function signUp(pb: PocketBase, fields: Record<string, unknown>) {
  return pb.collection("users").create({ password: PASSWORD, passwordConfirm: PASSWORD, ...fields })
}

export async function accountsWithEmail(email: string) {
  return (await be.admin.collection("users").getList(1, 1, { filter: be.admin.filter("email = {:email}", { email }) }))
    .totalItems
}

export const signIn = (email: string, password: string) =>
  be.anon().collection("users").authWithPassword(email, password)

export const pngFile = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "image/png" })

/** The claims of a JWT (not verified: only read to see what the link carries). */
export const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { exp: number; type: string }
