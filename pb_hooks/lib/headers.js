// @ts-check
/// <reference path="../types/types.d.ts" />
// Security headers on every answer (app, API, files): a Content-Security-Policy that allows only
// our own origin (scripts, styles, images, connections, workers; inline styles for React's style
// attributes, blob: and data: images for previews), no framing by anyone, a referrer policy that
// never leaks paths to other sites, and no powerful browser features. The PocketBase dashboard
// (/_/) keeps what it needs: it only gets the anti-framing and referrer headers.

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ")

const PERMISSIONS = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "interest-cohort=()",
].join(", ")

/** @param {core.RequestEvent} e */
function setHeaders(e) {
  const h = e.response.header()
  const dashboard = e.request.url.path.indexOf("/_/") === 0
  h.set("Content-Security-Policy", dashboard ? "frame-ancestors 'none'" : APP_CSP)
  h.set("X-Frame-Options", "DENY")
  h.set("Referrer-Policy", "strict-origin-when-cross-origin")
  h.set("X-Content-Type-Options", "nosniff")
  if (!dashboard) h.set("Permissions-Policy", PERMISSIONS)
}

module.exports = { setHeaders, APP_CSP }
