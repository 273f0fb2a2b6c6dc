import { SignupPage } from "@/features/auth/components/auth-pages"

export default SignupPage
