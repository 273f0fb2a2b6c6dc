import { LoginPage } from "@/features/auth/components/auth-pages"

export default LoginPage
