// A local SMTP sink for tests: PocketBase sends its real e-mails (verification, password reset)
// here, and each delivered mail becomes one JSON file per recipient in a directory, so any process
// (the integration tests, Playwright workers) can read them with waitForMail(dir, ...).
// Point PocketBase at it with sink.env: SMTP_HOST, SMTP_PORT, SMTP_TLS=false (pb_hooks settings.js).
import { mkdtemp, mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"

// ---------- parsing (npm mailparser: MIME, encodings, charsets) ----------

const decodeEntities = (s) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")

/** Links of the mail, in order, without duplicates: href values of the HTML, then URLs in the text. */
function extractLinks(html, text) {
  const links = []
  for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) links.push(decodeEntities(m[1] ?? m[2]))
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(m[0])
  return [...new Set(links.filter((l) => /^https?:\/\//i.test(l)))]
}

/** Parses a raw RFC 822 message (a Buffer). */
export async function parseMail(raw) {
  const m = await simpleParser(raw)
  const html = typeof m.html === "string" ? m.html : ""
  const text = m.text ?? ""
  return { from: m.from?.text ?? "", subject: m.subject ?? "", html, text, links: extractLinks(html, text) }
}

// ---------- reading the directory (usable from any process) ----------

/** Every mail stored in dir, oldest first. */
export async function readMails(dir) {
  let names
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json"))
  } catch {
    return []
  }
  const mails = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), "utf8"))))
  return mails.sort((a, b) => a.receivedAt - b.receivedAt || a.seq - b.seq)
}

function matches(mail, { to, subject, since = 0 }) {
  if (mail.to !== to.toLowerCase()) return false
  if (mail.receivedAt < since) return false
  if (subject === undefined) return true
  return subject instanceof RegExp ? subject.test(mail.subject) : mail.subject.includes(subject)
}

/**
 * Waits for a mail to `to` (and whose subject contains `subject` or matches it, when given) received
 * at or after `since` (ms since epoch), polling dir; resolves with the newest such mail.
 */
export async function waitForMail(dir, opts) {
  const { timeoutMs = 10_000 } = opts
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readMails(dir)).filter((m) => matches(m, opts))
    if (found.length) return found[found.length - 1]
    if (Date.now() > deadline) {
      const seen = (await readMails(dir)).map((m) => `${m.to}: ${m.subject}`)
      throw new Error(
        `no mail to ${opts.to}${opts.subject ? ` with subject ${opts.subject}` : ""} within ${timeoutMs} ms; ` +
          `mails in ${dir}: ${seen.length ? seen.join(" | ") : "none"}`,
      )
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

// ---------- the server ----------

/**
 * Starts the sink on 127.0.0.1 (a free port unless `port` is given). Mails go to `dir` (a new
 * temporary directory by default, removed by stop()).
 * @param {{ dir?: string, port?: number }} [opts]
 */
export async function startSmtpSink(opts = {}) {
  const ownDir = !opts.dir
  const dir = opts.dir ?? (await mkdtemp(path.join(tmpdir(), "vitrine-mail-")))
  await mkdir(dir, { recursive: true })
  let seq = 0

  const server = new SMTPServer({
    // PocketBase would try STARTTLS or AUTH if offered; the sink speaks plain SMTP only.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    disableReverseLookup: true, // a DNS lookup per connection only slows every mail down
    logger: false,
    size: 10 * 1024 * 1024,
    closeTimeout: 2000, // stop() waits at most this long for open sessions
    onData(stream, session, callback) {
      const chunks = []
      stream.on("data", (c) => chunks.push(c))
      stream.on("error", callback)
      stream.on("end", async () => {
        let parsed
        try {
          parsed = await parseMail(Buffer.concat(chunks))
        } catch (err) {
          return callback(err)
        }
        const receivedAt = Date.now()
        const writes = session.envelope.rcptTo.map(async ({ address }) => {
          seq += 1
          const mail = { to: address.toLowerCase(), ...parsed, receivedAt, seq }
          const name = `${receivedAt}-${String(seq).padStart(6, "0")}`
          // write then rename: a reader never sees a half-written file
          await writeFile(path.join(dir, `${name}.tmp`), JSON.stringify(mail, null, 2))
          await rename(path.join(dir, `${name}.tmp`), path.join(dir, `${name}.json`))
        })
        Promise.all(writes).then(() => callback(), callback)
      })
    },
  })
  server.on("error", () => {}) // a client hanging up mid-session is not our failure

  await new Promise((resolve, reject) => {
    server.server.once("error", reject)
    server.listen(opts.port ?? 0, "127.0.0.1", resolve)
  })
  const { port } = server.server.address()

  return {
    host: "127.0.0.1",
    port,
    dir,
    /** Environment for PocketBase (read by pb_hooks/lib/settings.js). */
    env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port), SMTP_TLS: "false" },
    mails: () => readMails(dir),
    waitForMail: (o) => waitForMail(dir, o),
    async stop() {
      await new Promise((r) => server.close(r))
      if (ownDir) await rm(dir, { recursive: true, force: true })
    },
  }
}
