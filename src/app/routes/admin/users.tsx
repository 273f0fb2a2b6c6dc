// /admin/users is for admins only; a moderator who opens it is told and sent to the dashboard.
import { Navigate } from "react-router-dom"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { messages } from "@/config/rules"
import { UsersPage } from "@/features/admin/components/users-page"
import { useAuth } from "@/lib/auth"

export default function AdminUsersRoute() {
  const { isAdmin } = useAuth()
  if (!isAdmin) {
    queueMicrotask(() => toast({ title: messages.accessDenied, description: messages.adminOnly, variant: "error" }))
    return <Navigate to={paths.admin} replace />
  }
  return <UsersPage />
}
