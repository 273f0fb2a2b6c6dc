import { FlagsPage } from "@/features/admin/components/flags-page"

export default FlagsPage
