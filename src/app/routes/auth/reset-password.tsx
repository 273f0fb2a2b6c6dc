import { ResetPasswordPage } from "@/features/auth/components/auth-pages"

export default ResetPasswordPage
