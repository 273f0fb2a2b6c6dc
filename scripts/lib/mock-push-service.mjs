// A local web push service for tests and the bench (no internet): a real HTTPS server with a
// certificate from a CA made at run time (openssl), which the worker trusts through
// NODE_EXTRA_CA_CERTS=<caFile>. Like FCM or Mozilla autopush it checks every request:
//   - the VAPID header `Authorization: vapid t=<JWT>, k=<key>`: an ES256 JWT whose `aud` is this
//     origin, `exp` at most 24 h ahead, `sub` a mailto:/https: contact, signed by `k`, and `k`
//     equal to the expected public key (when one is set);
//   - `Content-Encoding: aes128gcm`, a TTL, and the body, which it decrypts with the subscriber's
//     private key and auth secret (npm http_ece) as the browser would.
// subscribe() plays the browser: it makes a key pair and returns {endpoint, keys}. Answers are
// 201 unless scripted (respond(), holdAfter()). A request that fails a check gets 400 and lands in
// `problems`. With `control: true` a plain-HTTP control port (127.0.0.1) lets another process
// (Playwright specs) call subscribe and read deliveries.
import { execFile } from "node:child_process"
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import http from "node:http"
import https from "node:https"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import ece from "http_ece"

const run = promisify(execFile)
const b64url = (buf) => Buffer.from(buf).toString("base64url")

/** A CA and a server certificate for 127.0.0.1 / localhost, signed by it, in `dir`. */
async function makeCertificates(dir) {
  const f = (name) => path.join(dir, name)
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
  await run("openssl", [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    f("ca.key"),
    "-out",
    f("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=Vitrine test push CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ])
  await run("openssl", ["req", ...ec, "-keyout", f("server.key"), "-out", f("server.csr"), "-subj", "/CN=127.0.0.1"])
  await writeFile(
    f("server.ext"),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
  )
  await run("openssl", [
    "x509",
    "-req",
    "-in",
    f("server.csr"),
    "-CA",
    f("ca.pem"),
    "-CAkey",
    f("ca.key"),
    "-CAcreateserial",
    "-out",
    f("server.pem"),
    "-days",
    "2",
    "-extfile",
    f("server.ext"),
  ])
  return { caFile: f("ca.pem"), key: await readFile(f("server.key")), cert: await readFile(f("server.pem")) }
}

/** Checks `Authorization: vapid t=..., k=...`; returns a problem text or "". */
export function checkVapid(header, origin, expectedKey) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "")
  if (!m) return `Authorization sem VAPID: ${header}`
  const [, jwt, k] = m
  if (expectedKey && k !== expectedKey) return "k não é a chave pública esperada"
  const parts = jwt.split(".")
  if (parts.length !== 3) return "JWT malformado"
  const [h, p, sig] = parts
  const head = JSON.parse(Buffer.from(h, "base64url").toString())
  const claims = JSON.parse(Buffer.from(p, "base64url").toString())
  if (head.alg !== "ES256" || head.typ !== "JWT") return `cabeçalho JWT inesperado: ${JSON.stringify(head)}`
  if (claims.aud !== origin) return `aud ${claims.aud} != ${origin}`
  const now = Math.floor(Date.now() / 1000)
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) return `exp fora do prazo: ${claims.exp}`
  if (!/^(mailto:|https:\/\/)/.test(claims.sub ?? "")) return `sub inválido: ${claims.sub}`
  const raw = Buffer.from(k, "base64url")
  if (raw.length !== 65 || raw[0] !== 4) return "k não é uma chave P-256 não comprimida"
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: "jwk",
  })
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(sig, "base64url"),
  )
  return ok ? "" : "assinatura do JWT inválida"
}

/**
 * @param {{expectedKey?: string, control?: boolean}} [opts]
 */
export async function startMockPushService(opts = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "vitrine-push-mock-"))
  const { caFile, key, cert } = await makeCertificates(dir)
  const subscribers = new Map() // path -> {ecdh, auth}
  const scripted = new Map() // path -> [status | {status, headers}]
  const received = []
  const deliveries = []
  const problems = []
  const held = new Set()
  let expectedKey = opts.expectedKey ?? ""
  let holdAfterCount = null
  let seq = 0
  const listeners = new Set()
  const notify = () => listeners.forEach((l) => l())

  const server = https.createServer({ key, cert, keepAlive: true }, (req, res) => {
    const chunks = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", origin)
      const reply = (status, headers = {}) => {
        res.writeHead(status, headers)
        res.end()
      }
      const sub = subscribers.get(url.pathname)
      if (req.method !== "POST" || !sub) return reply(404)
      const problem = (text) => {
        problems.push({ path: url.pathname, problem: text })
        notify()
        reply(400)
      }
      const vapid = checkVapid(req.headers.authorization, origin, expectedKey)
      if (vapid) return problem(vapid)
      if (req.headers["content-encoding"] !== "aes128gcm") return problem("Content-Encoding não é aes128gcm")
      if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) return problem("sem TTL")
      let payload
      try {
        const text = ece
          .decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth })
          .toString("utf8")
        payload = JSON.parse(text)
      } catch (err) {
        return problem(`não decifrou: ${err?.message ?? err}`)
      }
      const message = {
        n: ++seq,
        path: url.pathname,
        endpoint: `${origin}${url.pathname}`,
        payload,
        bytes: Buffer.concat(chunks).length,
        ttl: Number(req.headers.ttl),
        urgency: String(req.headers.urgency ?? ""),
        topic: String(req.headers.topic ?? ""),
        at: Date.now(),
        status: 0,
      }
      received.push(message)
      notify()
      const queue = scripted.get(url.pathname)
      const next = queue?.shift()
      const answer = (status, headers = {}) => {
        message.status = status
        reply(status, headers)
        if (status >= 200 && status < 300) deliveries.push(message)
        notify()
      }
      if (next !== undefined) {
        const s = typeof next === "number" ? { status: next, headers: {} } : next
        return answer(s.status, s.headers)
      }
      if (holdAfterCount !== null) {
        if (holdAfterCount <= 0) {
          const entry = { req, res, message }
          held.add(entry)
          notify()
          req.socket.on("close", () => held.delete(entry))
          return
        }
        holdAfterCount -= 1
      }
      answer(201, { Location: `${origin}/message/${seq}` })
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `https://127.0.0.1:${server.address().port}`

  function subscribe(label = "") {
    const id = `${label ? label + "-" : ""}${randomBytes(12).toString("base64url")}`
    const ecdh = createECDH("prime256v1")
    ecdh.generateKeys()
    const auth = randomBytes(16)
    const p = `/push/${id}`
    subscribers.set(p, { ecdh, auth })
    return { endpoint: `${origin}${p}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
  }

  const pathOf = (endpointOrPath) =>
    endpointOrPath.startsWith("https://") ? new URL(endpointOrPath).pathname : endpointOrPath

  /** Resolves once `test()` returns something truthy (checked on every request), or rejects. */
  function waitFor(test, timeoutMs = 10_000, what = "condição") {
    return new Promise((resolve, reject) => {
      const check = () => {
        const v = test()
        if (v) {
          listeners.delete(check)
          clearTimeout(timer)
          resolve(v)
        }
      }
      const timer = setTimeout(() => {
        listeners.delete(check)
        reject(
          new Error(
            `mock push: ${what} não aconteceu em ${timeoutMs} ms (${deliveries.length} entregas, problemas: ${JSON.stringify(problems)})`,
          ),
        )
      }, timeoutMs)
      listeners.add(check)
      check()
    })
  }

  let control = null
  if (opts.control) {
    control = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1")
      const json = (status, body) => {
        res.writeHead(status, { "content-type": "application/json" })
        res.end(JSON.stringify(body))
      }
      if (req.method === "POST" && url.pathname === "/subscribe") return json(200, subscribe("e2e"))
      if (req.method === "GET" && url.pathname === "/deliveries") {
        const endpoint = url.searchParams.get("endpoint") ?? ""
        return json(200, {
          deliveries: deliveries.filter((d) => !endpoint || d.endpoint === endpoint),
          problems,
        })
      }
      json(404, {})
    })
    await new Promise((resolve) => control.listen(0, "127.0.0.1", resolve))
  }

  return {
    origin,
    caFile,
    controlUrl: control ? `http://127.0.0.1:${control.address().port}` : "",
    received,
    deliveries,
    problems,
    held,
    subscribe,
    /** The VAPID public key every request must carry in `k`. */
    expectKey(k) {
      expectedKey = k
    },
    /** Scripted answers for the next requests to one endpoint, e.g. [503, {status: 429, headers: {"Retry-After": "1"}}]. */
    respond(endpointOrPath, answers) {
      scripted.set(pathOf(endpointOrPath), [...answers])
    },
    /** Answers the next `n` requests (201), then holds every later one open, unanswered. */
    holdAfter(n) {
      holdAfterCount = n
    },
    /** Stops holding; held requests are dropped (as if the service died), later ones get 201. */
    release() {
      holdAfterCount = null
      for (const h of held) h.req.socket.destroy()
      held.clear()
    },
    deliveriesTo(endpointOrPath) {
      const p = pathOf(endpointOrPath)
      return deliveries.filter((d) => d.path === p)
    },
    waitFor,
    async stop() {
      for (const h of held) h.req.socket.destroy()
      server.closeAllConnections?.()
      await new Promise((r) => server.close(() => r()))
      if (control) await new Promise((r) => control.close(() => r()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
