// Client-generated record ids (PocketBase's format: 15 characters of [a-z0-9]). A write that
// carries its own id can be sent twice with the effect of once: the server refuses the copy.
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"

export function newRecordId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15))
  // 15 random characters (a slight modulo bias is harmless: ids need uniqueness, not uniformity)
  let id = ""
  for (const b of bytes) id += ALPHABET[b % 36]
  return id
}
