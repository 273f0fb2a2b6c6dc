// /profile and /profile/edit (decisions.md: the same page): the own-profile form, then the
// user's products in tabs. Inside RequireAuth, so a user is signed in.
import { useQueryClient } from "@tanstack/react-query"
import { lazy, Suspense } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { productKeys } from "@/features/products/api/keys"
import { UserProductsTabs } from "@/features/products/components/user-products-tabs"
import { useOwnProfile } from "@/features/profiles/api/get-own-profile"
import { ProfileForm } from "@/features/profiles/components/profile-form"
import { VerifyEmailBanner } from "@/features/profiles/components/verify-email-banner"
import { useAuth } from "@/lib/auth"

// push is a separate chunk: the rest of the profile does not wait for it
const PushSettings = lazy(() => import("@/features/push/components/push-settings"))
const MyData = lazy(() => import("@/features/profiles/components/my-data"))

export default function ProfileRoute() {
  const { user } = useAuth()
  return (
    <div className="space-y-10">
      <title>Meu Perfil — Vitrine</title>
      <div className="space-y-6">
        <div className="flex max-w-3xl flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Meu Perfil</h1>
          {user?.username && (
            <Link to={paths.maker(user.username)} className="text-sm font-semibold text-brand-700 hover:underline">
              Ver perfil público
            </Link>
          )}
        </div>
        {user && !user.verified && <VerifyEmailBanner email={user.email} />}
        {user && <ProfileSection userId={user.id} />}
      </div>
      {user && (
        <Suspense fallback={<div className="h-40 max-w-3xl animate-pulse rounded-2xl bg-stone-200" aria-busy="true" />}>
          <PushSettings userId={user.id} />
        </Suspense>
      )}
      {user && <UserProductsTabs userId={user.id} />}
      {user && (
        <Suspense fallback={null}>
          <MyData userId={user.id} />
        </Suspense>
      )}
    </div>
  )
}

function ProfileSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  const { data, isPending, isError } = useOwnProfile(userId)
  if (isPending)
    return (
      <div
        className="h-96 max-w-3xl animate-pulse rounded-2xl bg-stone-200"
        role="status"
        aria-busy="true"
        aria-label="Carregando perfil"
      />
    )
  if (isError)
    return (
      <p
        role="alert"
        className="max-w-3xl rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200"
      >
        Erro ao carregar perfil. Tente novamente mais tarde.
      </p>
    )
  return (
    <div className="max-w-3xl">
      <ProfileForm
        key={data.id}
        profile={data}
        // the maker's name and avatar also show on product cards
        onSaved={() => void queryClient.invalidateQueries({ queryKey: productKeys.all })}
      />
    </div>
  )
}
