// /admin/users (admins): search by name, username or e-mail (case-insensitive, on the server);
// roles as removable badges; 'Adicionar Role' with Admin and Moderador (disabled when held);
// granting Admin and revoking any role ask first. One's own roles cannot be changed (the server
// refuses too).
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react"
import { useDeferredValue, useState } from "react"
import { Avatar } from "@/components/ui/avatar"
import { Button } from "@/components/ui/button"
import { ConfirmDialog } from "@/components/ui/confirm-dialog"
import { toast } from "@/components/ui/toast"
import { SEARCH_DEBOUNCE_MS } from "@/components/ui/search-box"
import { useAuth, type Role } from "@/lib/auth"
import { useDebounced } from "@/lib/use-debounced"
import { errorMessage } from "@/lib/pocketbase"
import { useChangeRole } from "../api/change-role"
import { useAdminUsers, type AdminUser } from "../api/get-users"
import { settle } from "@/lib/settle"

const roleLabel: Record<Role, string> = { admin: "Admin", moderator: "Moderador" }

export function UsersPage() {
  const [text, setText] = useState("")
  const q = useDeferredValue(useDebounced(text.trim(), SEARCH_DEBOUNCE_MS))
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminUsers(q)
  const users = data?.pages.flatMap((p) => p.items) ?? []
  return (
    <div className="space-y-6">
      <title>Usuários — Vitrine</title>
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">Usuários</h1>
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Buscar por nome, username ou email..."
        aria-label="Buscar usuários"
        className="block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {isPending ? (
        <div className="h-40 animate-pulse rounded-2xl bg-stone-100" aria-busy="true" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : users.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center text-stone-600">
          Nenhum usuário encontrado
        </p>
      ) : (
        <>
          <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
            {users.map((u) => (
              <UserRow key={u.id} user={u} />
            ))}
          </ul>
          {hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

function UserRow({ user: u }: { user: AdminUser }) {
  const { user: me } = useAuth()
  const change = useChangeRole()
  const [confirmAdmin, setConfirmAdmin] = useState(false)
  const [revoking, setRevoking] = useState<Role | null>(null)
  const self = me?.id === u.id

  const run = (role: Role, grant: boolean) =>
    settle(
      change,
      { userId: u.id, role, grant },
      {
        onSuccess: () => {
          setConfirmAdmin(false)
          setRevoking(null)
          toast({ title: grant ? "Role atribuída" : "Role removida" })
        },
        onError: (err) =>
          toast({
            title: grant ? "Erro ao atribuir role" : "Erro ao remover role",
            description: errorMessage(err),
            variant: "error",
          }),
      },
    )

  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" data-testid="admin-user">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={u.displayName} src={u.avatarUrl} size={40} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-stone-900">
            {u.displayName}
            {self && <span className="ml-1 font-normal text-stone-500">(você)</span>}
          </p>
          <p className="truncate text-xs text-stone-500">
            @{u.username} · {u.email}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {u.roles.map((r) => (
          <span
            key={r}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200"
          >
            {roleLabel[r]}
            <button
              type="button"
              onClick={() => setRevoking(r)}
              disabled={self || change.isPending}
              className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100 disabled:opacity-40"
              aria-label={`Remover role ${roleLabel[r]} de ${u.displayName}`}
            >
              ×
            </button>
          </span>
        ))}
        <Menu>
          <MenuButton
            disabled={self || change.isPending}
            className="rounded-lg px-3 py-1.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-40"
            aria-label={`Adicionar Role a ${u.displayName}`}
          >
            Adicionar Role
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-30 mt-1 w-40 rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200 focus:outline-none"
          >
            {(["admin", "moderator"] as const).map((r) => (
              <MenuItem key={r} disabled={u.roles.includes(r)}>
                <button
                  type="button"
                  onClick={() => (r === "admin" ? setConfirmAdmin(true) : run(r, true))}
                  className="block w-full px-4 py-2 text-left text-sm data-disabled:opacity-40 data-focus:bg-stone-100"
                >
                  {roleLabel[r]}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      </div>
      <ConfirmDialog
        open={confirmAdmin}
        onClose={() => setConfirmAdmin(false)}
        onConfirm={() => run("admin", true)}
        busy={change.isPending}
        title="Atribuir role de Admin?"
        description="Tem certeza que deseja atribuir a role de Admin a este usuário? Isso dará privilégios administrativos completos."
        confirmLabel="Confirmar"
      />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && run(revoking, false)}
        busy={change.isPending}
        title="Remover role?"
        description={`${u.displayName} deixará de ser ${revoking ? roleLabel[revoking] : ""} e perderá o acesso que essa role dá.`}
        confirmLabel="Remover"
      />
    </li>
  )
}
