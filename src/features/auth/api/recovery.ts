// Password recovery and e-mail verification through PocketBase's mails (network required).
import { errorMessage, pb } from "@/lib/pocketbase"

export async function requestPasswordReset(email: string) {
  try {
    await pb.collection("users").requestPasswordReset(email)
  } catch (err) {
    throw new Error(errorMessage(err), { cause: err })
  }
}

export async function confirmPasswordReset(token: string, password: string, confirm: string) {
  try {
    await pb.collection("users").confirmPasswordReset(token, password, confirm)
  } catch (err) {
    throw new Error(errorMessage(err, "Link inválido ou expirado"), { cause: err })
  }
}

export async function confirmVerification(token: string) {
  try {
    await pb.collection("users").confirmVerification(token)
  } catch (err) {
    throw new Error(errorMessage(err, "Link inválido ou expirado"), { cause: err })
  }
}

/** Sends the verification e-mail again (3 an hour per address: the server says when). */
export async function requestVerification(email: string) {
  try {
    await pb.collection("users").requestVerification(email)
  } catch (err) {
    throw new Error(errorMessage(err), { cause: err })
  }
}
