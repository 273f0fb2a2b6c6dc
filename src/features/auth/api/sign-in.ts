// E-mail and password sign-in and sign-up (network required; nothing is queued offline).
import { ClientResponseError, errorMessage, pb } from "@/lib/pocketbase"

/** Signs in; resolves with the user's id. */
export async function signIn(email: string, password: string): Promise<string> {
  try {
    return (await pb.collection("users").authWithPassword(email, password)).record.id
  } catch (err) {
    // PocketBase answers every wrong e-mail/password pair with the same 400 ("Invalid login credentials").
    if (err instanceof ClientResponseError && err.status === 400)
      throw new Error("Email ou senha incorretos", { cause: err })
    throw new Error(errorMessage(err), { cause: err })
  }
}

export async function signUp(name: string, email: string, password: string): Promise<string> {
  try {
    await pb.collection("users").create({ display_name: name, email, password, passwordConfirm: password })
  } catch (err) {
    const data = err instanceof ClientResponseError ? (err.response?.data as Record<string, { code?: string }>) : {}
    if (data?.email?.code === "validation_not_unique")
      throw new Error("Este email já está cadastrado. Tente fazer login.", { cause: err })
    throw new Error(errorMessage(err), { cause: err })
  }
  return signIn(email, password)
}
