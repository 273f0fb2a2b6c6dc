import { AuthCallbackPage } from "@/features/auth/components/auth-pages"

export default AuthCallbackPage
