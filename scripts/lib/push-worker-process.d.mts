import type { ChildProcess } from "node:child_process"
export interface PushWorkerProcess {
  readonly child: ChildProcess | null
  output(): string
  /** SIGKILL (a crash) */
  kill(): Promise<void>
  /** SIGTERM and wait */
  stop(): Promise<void>
}
export declare function startPushWorkerProcess(opts: {
  url: string
  dataDir: string
  superuser?: { email: string; password: string }
  env?: Record<string, string>
  stdio?: "inherit" | "pipe"
  restart?: boolean
  readyTimeoutMs?: number
}): Promise<PushWorkerProcess>
