/** One delivered mail, as stored (one JSON file per recipient). */
export interface Mail {
  /** the recipient (envelope address, lowercased) */
  to: string
  from: string
  subject: string
  html: string
  text: string
  /** http(s) links of the HTML hrefs and the text, in order, without duplicates */
  links: string[]
  /** ms since epoch */
  receivedAt: number
  seq: number
}
export interface WaitForMailOptions {
  to: string
  /** contained in the subject, or matching it */
  subject?: string | RegExp
  /** only mails received at or after this time (ms since epoch) */
  since?: number
  /** default 10 000 */
  timeoutMs?: number
}
export interface SmtpSink {
  host: string
  port: number
  dir: string
  env: { SMTP_HOST: string; SMTP_PORT: string; SMTP_TLS: string }
  mails(): Promise<Mail[]>
  waitForMail(opts: WaitForMailOptions): Promise<Mail>
  stop(): Promise<void>
}
export declare function parseMail(raw: Buffer): Promise<Omit<Mail, "to" | "receivedAt" | "seq">>
export declare function readMails(dir: string): Promise<Mail[]>
export declare function waitForMail(dir: string, opts: WaitForMailOptions): Promise<Mail>
export declare function startSmtpSink(opts?: { dir?: string; port?: number }): Promise<SmtpSink>
