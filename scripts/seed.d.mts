export declare function seed(opts: {
  url: string
  superuser: { email: string; password: string }
  log?: (...args: unknown[]) => void
}): Promise<unknown>
export declare const DEMO_LOGINS: Array<{ role: string; name: string; email: string; password: string }>
