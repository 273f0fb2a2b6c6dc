export declare function backup(opts: { dataDir: string; port: number; outDir: string }): Promise<string>
