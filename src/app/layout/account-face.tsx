// What the account menu's button shows (the user's avatar), drawn by the menu's own button and,
// until the user reaches for it, by a plain button standing in for it (header.tsx, IntentMount).
import { Avatar } from "@/components/ui/avatar"
import { avatarUrl, type AuthUser } from "@/lib/auth"

export const ACCOUNT_BUTTON_CLASS = "flex rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
export const ACCOUNT_BUTTON_LABEL = "Menu da conta"

export function AccountFace({ user }: { user: AuthUser }) {
  return <Avatar name={user.display_name} src={avatarUrl(user)} size={36} />
}
