import { AdminLayout } from "@/features/admin/components/admin-layout"

export default AdminLayout
