// 'Reenviar e-mail de verificação' (network required). The server allows 3 e-mails an hour per
// address and says when to try again.
import { useMutation } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"

export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => pb.collection("users").requestVerification(email) })
}
