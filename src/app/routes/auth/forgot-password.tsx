import { ForgotPasswordPage } from "@/features/auth/components/auth-pages"

export default ForgotPasswordPage
