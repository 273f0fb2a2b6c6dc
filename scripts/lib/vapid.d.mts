export declare const DEFAULT_VAPID_SUBJECT: string
export declare function vapidKeys(
  dataDir: string,
  env?: Record<string, string | undefined>,
): { publicKey: string; privateKey: string; subject: string; source: "env" | "file" | "generated" }
