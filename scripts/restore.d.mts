export declare function restore(opts: {
  file: string
  dataDir: string
  port: number
}): Promise<{ files: number; kept: string }>
