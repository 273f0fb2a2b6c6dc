// Every message a user can see is Portuguese, PocketBase's own included.
import { describe, expect, it } from "vitest"
import { ClientResponseError, errorMessage } from "./pocketbase"

const answer = (status: number, message: string, data: Record<string, unknown> = {}) =>
  new ClientResponseError({ status, url: "http://x", response: { status, message, data } })

describe("errorMessage in Portuguese", () => {
  it.each([
    [answer(400, "Invalid or expired token."), "Link inválido ou expirado. Peça um novo"],
    [answer(400, "Missing email token claim."), "Link inválido ou expirado. Peça um novo"],
    [answer(400, "Failed to create record."), "Não foi possível salvar. Verifique os dados e tente de novo"],
    [
      answer(400, "Failed to create record.", {
        email: { code: "validation_invalid_email", message: "Must be a valid email address." },
      }),
      "Email inválido",
    ],
    [
      answer(400, "Failed to create record.", {
        email: { code: "validation_not_unique", message: "Value must be unique." },
      }),
      "Esse valor já está em uso",
    ],
    [answer(400, "Something unexpected happened in the record."), "Tente novamente mais tarde"],
    [answer(403, "Only superusers can perform this action."), "Você não tem permissão para fazer isso"],
    [answer(401, "The request requires valid record authorization token."), "Sua sessão expirou. Entre novamente"],
    [answer(429, "Too Many Requests."), "Muitas tentativas. Aguarde um minuto e tente novamente"],
  ])("%s", (err, expected) => expect(errorMessage(err)).toBe(expected))

  it("keeps the server's own Portuguese, ASCII or not", () => {
    expect(errorMessage(answer(403, "Acesso negado."))).toBe("Acesso negado")
    expect(errorMessage(answer(400, "x", { title: { code: "validation_failed", message: "URL inválida." } }))).toBe(
      "URL inválida",
    )
    expect(errorMessage(answer(429, "Você enviou 5 produtos hoje. Tente de novo em 3 h."))).toBe(
      "Você enviou 5 produtos hoje. Tente de novo em 3 h",
    )
  })
})
