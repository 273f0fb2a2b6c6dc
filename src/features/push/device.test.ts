import { afterEach, describe, expect, it, vi } from "vitest"
import { keyBytes, madeWithKey, pushSupport } from "./device"

// a VAPID public key as the server serves it (base64url, 65 bytes, no padding)
const KEY = "BGlWZdAQC6oNYSQtJYZ4meDvEGYzYV2bpUCQI1t4A-qACRYCAtoKH9Dl3JIJ1utyt2mVHnJAIZZCM5jXw4VwYlg"

const subWith = (key: ArrayBuffer | null) => ({ options: { applicationServerKey: key } }) as unknown as PushSubscription

afterEach(() => vi.unstubAllGlobals())

describe("VAPID key bytes", () => {
  it("decodes base64url to the 65 bytes of an uncompressed P-256 key", () => {
    const bytes = keyBytes(KEY)
    expect(bytes).toHaveLength(65)
    expect(bytes[0]).toBe(4)
    const back = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "")
    expect(back).toBe(KEY)
  })

  it("tells a subscription made with another key (the server's keys were replaced)", () => {
    expect(madeWithKey(subWith(keyBytes(KEY).buffer), KEY)).toBe(true)
    const other = keyBytes(KEY)
    other[10] = other[10]! ^ 1
    expect(madeWithKey(subWith(other.buffer), KEY)).toBe(false)
    expect(madeWithKey(subWith(null), KEY)).toBe(true) // the browser does not say: keep it
  })
})

describe("push support", () => {
  const browser = (userAgent: string, opts: { standalone?: boolean; push?: boolean; touch?: number } = {}) => {
    vi.stubGlobal("navigator", { userAgent, maxTouchPoints: opts.touch ?? 0, serviceWorker: {} })
    vi.stubGlobal("window", {
      matchMedia: () => ({ matches: !!opts.standalone }),
      ...(opts.push === false ? {} : { PushManager: class {}, Notification: class {} }),
    })
  }
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari"
  const IPAD = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15"

  it("an iPhone in Safari needs the app on the home screen; installed it is supported", () => {
    browser(IPHONE, { push: false })
    expect(pushSupport()).toBe("ios-needs-install")
    browser(IPHONE, { standalone: true })
    expect(pushSupport()).toBe("supported")
  })

  it("an iPad presents itself as a Mac but has a touch screen", () => {
    browser(IPAD, { touch: 5, push: false })
    expect(pushSupport()).toBe("ios-needs-install")
    browser(IPAD, { touch: 0 })
    expect(pushSupport()).toBe("supported") // a real Mac with Safari
  })

  it("a browser without PushManager is unsupported", () => {
    browser("Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", { push: false })
    expect(pushSupport()).toBe("unsupported")
  })
})
