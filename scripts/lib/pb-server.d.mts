import type { ChildProcess } from "node:child_process"
export declare const ROOT: string
export declare const HOOKS_POOL: number
export declare const PB_BIN: string
export declare function freePort(): Promise<number>
export declare function migrateUp(dataDir: string, env?: Record<string, string>): Promise<void>
export declare function upsertSuperuser(dataDir: string, email: string, password: string): Promise<void>
export interface PocketBaseServer {
  url: string
  port: number
  dataDir: string
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}
export declare function startPocketBase(opts?: {
  dataDir?: string
  port?: number
  host?: string
  publicDir?: string
  env?: Record<string, string>
  dev?: boolean
  stdio?: "inherit" | "pipe"
  superuser?: { email: string; password: string }
  /** Prewarmed JS VMs (`--hooksPool`, default HOOKS_POOL; PocketBase's own default is 15). */
  hooksPool?: number
}): Promise<PocketBaseServer>
