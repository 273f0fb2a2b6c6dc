// Shared e2e helpers: a superuser API client for the run's PocketBase, fresh users per test (the
// two projects share one seeded backend, so mutating tests never reuse a demo account), sign-in
// through the UI, and the mails PocketBase sent to the run's SMTP sink.
import { expect, type Page, type TestInfo } from "@playwright/test"
import PocketBase from "pocketbase"
import { waitForMail, type WaitForMailOptions } from "../scripts/lib/smtp-sink.mjs"

export const PASSWORD = "senha-e2e-123"

export async function adminApi() {
  const pb = new PocketBase(process.env.E2E_BASE_URL)
  pb.autoCancellation(false)
  await pb
    .collection("_superusers")
    .authWithPassword(process.env.E2E_SUPERUSER_EMAIL!, process.env.E2E_SUPERUSER_PASSWORD!)
  return pb
}

/** A unique e-mail for this test and project. */
export function uniqueEmail(testInfo: TestInfo, label: string) {
  const rand = Math.random().toString(36).slice(2, 8)
  return `${label}-${testInfo.project.name}-${rand}@e2e.vitrine.test`.toLowerCase()
}

/** Creates a verified user straight in the backend. */
export async function createUser(testInfo: TestInfo, name: string, opts: { verified?: boolean } = {}) {
  const email = uniqueEmail(
    testInfo,
    name
      .split(" ")[0]!
      .normalize("NFD")
      .replace(/[^a-zA-Z]/g, ""),
  )
  const pb = await adminApi()
  const rec = await pb.collection("users").create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    display_name: name,
    verified: opts.verified ?? true,
  })
  return { id: rec.id as string, email, username: rec.username as string, password: PASSWORD }
}

export async function signInViaPage(page: Page, email: string, password: string, returnUrl?: string) {
  await page.goto(returnUrl ? `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` : "/auth/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Senha", { exact: true }).fill(password)
  await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click()
}

export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
}

export function mail(opts: WaitForMailOptions) {
  return waitForMail(process.env.E2E_MAIL_DIR!, opts)
}

/** The path (and query) of a link, to open it on the test's own base URL. */
export function pathOf(link: string) {
  const u = new URL(link)
  return u.pathname + u.search
}
