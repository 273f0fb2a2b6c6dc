export declare function findChromium(): string | null
