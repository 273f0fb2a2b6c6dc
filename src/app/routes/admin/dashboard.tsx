import { AdminDashboard } from "@/features/admin/components/dashboard"

export default AdminDashboard
