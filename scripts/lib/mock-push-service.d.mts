/** A push request the mock service received and decrypted. */
export interface PushMessage {
  n: number
  path: string
  endpoint: string
  /** the decrypted JSON payload */
  payload: { title: string; body: string; url: string; tag: string; id: string; [k: string]: unknown }
  /** encrypted body size in bytes */
  bytes: number
  ttl: number
  urgency: string
  topic: string
  at: number
  /** the status it was answered with (0 while held) */
  status: number
}
export interface Subscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}
export type ScriptedAnswer = number | { status: number; headers?: Record<string, string> }
export interface MockPushService {
  origin: string
  /** the CA certificate (PEM file) to trust with NODE_EXTRA_CA_CERTS */
  caFile: string
  /** plain-HTTP control port ("" unless started with control: true) */
  controlUrl: string
  received: PushMessage[]
  /** answered with 2xx */
  deliveries: PushMessage[]
  problems: Array<{ path: string; problem: string }>
  held: Set<unknown>
  subscribe(label?: string): Subscription
  expectKey(publicKey: string): void
  respond(endpointOrPath: string, answers: ScriptedAnswer[]): void
  holdAfter(n: number): void
  release(): void
  deliveriesTo(endpointOrPath: string): PushMessage[]
  waitFor<T>(test: () => T | false | null | undefined | 0, timeoutMs?: number, what?: string): Promise<T>
  stop(): Promise<void>
}
export declare function checkVapid(header: string | undefined, origin: string, expectedKey: string): string
export declare function startMockPushService(opts?: {
  expectedKey?: string
  control?: boolean
}): Promise<MockPushService>
