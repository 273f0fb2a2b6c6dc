// PocketBase's own messages that can reach the screen, in Portuguese: every failed request goes
// through errorMessage (lib/pocketbase.ts), which asks here first. Hooks already answer in
// Portuguese; these are the built-in ones (tokens, record writes, built-in field validation).

/** Whole messages PocketBase sends (compared without the final '.'). */
const MESSAGES: Record<string, string> = {
  "Invalid or expired token": "Link inválido ou expirado. Peça um novo",
  "Invalid or expired password reset token": "Link inválido ou expirado. Peça um novo",
  "Invalid or expired verification token": "Link inválido ou expirado. Peça um novo",
  "Missing email token claim": "Link inválido ou expirado. Peça um novo",
  "Failed to create record": "Não foi possível salvar. Verifique os dados e tente de novo",
  "Failed to update record": "Não foi possível salvar as alterações. Tente de novo",
  "Failed to delete record. Make sure that the record is not part of a required relation reference":
    "Não foi possível remover: outro conteúdo depende deste",
  "Failed to authenticate": "Email ou senha incorretos",
  "The requested resource wasn't found": "Não encontrado",
  "The request requires valid record authorization token": "Sua sessão expirou. Entre novamente",
  "The request requires valid authorization token to be set": "Sua sessão expirou. Entre novamente",
  "The authorized record is not allowed to perform this action": "Você não tem permissão para fazer isso",
  "Only superusers can perform this action": "Você não tem permissão para fazer isso",
  "You are not allowed to perform this request": "Você não tem permissão para fazer isso",
  "Something went wrong while processing your request": "Algo deu errado no servidor. Tente de novo",
  "Too Many Requests": "Muitas tentativas. Aguarde um pouco e tente novamente",
  "Something went wrong": "Sem conexão com o servidor. Verifique sua internet e tente novamente",
}

/** Built-in field validation codes (data.<field>.code). */
const CODES: Record<string, string> = {
  validation_required: "Campo obrigatório",
  validation_is_email: "Email inválido",
  validation_invalid_email: "Email inválido",
  validation_not_unique: "Esse valor já está em uso",
  validation_values_mismatch: "Os valores não coincidem",
  validation_invalid_old_password: "A senha atual está incorreta",
  validation_length_out_of_range: "Tamanho fora do permitido",
  validation_length_too_long: "Texto longo demais",
  validation_length_too_short: "Texto curto demais",
  validation_min_text_constraint: "Texto curto demais",
  validation_max_text_constraint: "Texto longo demais",
  validation_invalid_format: "Formato inválido",
  validation_invalid_value: "Valor inválido",
  validation_missing_rel_records: "O item relacionado não existe mais",
  validation_invalid_mime_type: "Tipo de arquivo não suportado",
  validation_file_size_limit: "Arquivo muito grande",
  validation_too_many_files: "Arquivos demais",
  validation_invalid_url: "URL inválida",
  validation_invalid_number: "Número inválido",
  validation_invalid_json: "Formato inválido",
}

const stripDot = (s: string) => s.trim().replace(/\.$/, "")
/** An English text of PocketBase's (not one of ours: no Portuguese letters, English words). */
export const looksEnglish = (s: string) =>
  !/[ãõáéíóúâêôçà]/i.test(s) &&
  /\b(the|is|are|must|invalid|cannot|can't|failed|missing|record|value|should|not|to|be|of)\b/i.test(s)

/** The Portuguese for one PocketBase message, or "" when there is none. */
export function portugueseMessage(message: string | undefined): string {
  if (!message) return ""
  return MESSAGES[stripDot(message)] ?? ""
}

/** The Portuguese for a field error: its own message when Portuguese, else by its code. */
export function portugueseFieldError(e: { code?: string; message?: string }): string {
  const message = stripDot(e.message ?? "")
  if (message && !looksEnglish(message)) return message
  return portugueseMessage(message) || (e.code ? (CODES[e.code] ?? "") : "") || ""
}
