import { VerifyEmailPage } from "@/features/auth/components/auth-pages"

export default VerifyEmailPage
