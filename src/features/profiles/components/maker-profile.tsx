// Public maker page content: banner (avatar, name, @username, 'N seguidores', 'Seguir', bio) and
// the four stat cards. A missing or failing profile goes to /404; offline without a saved copy it
// says so instead.
import type { ReactNode } from "react"
import { Navigate } from "react-router-dom"
import { useFollowSlot } from "@/components/follow-slot"
import { Avatar } from "@/components/ui/avatar"
import { ButtonLink } from "@/components/ui/button"
import { OfflineBanner } from "@/components/ui/offline-banner"
import { paths } from "@/config/paths"
import { avatarUrl, useAuth } from "@/lib/auth"
import { isNetworkError } from "@/lib/pocketbase"
import { formatInt } from "@/lib/numbers"
import { useMaker } from "../api/get-maker"
import type { Maker } from "../types"
import { MakerStats } from "./maker-stats"

export function MakerProfile({ username, children }: { username: string; children?: (maker: Maker) => ReactNode }) {
  const { user } = useAuth()
  const { Follow } = useFollowSlot()
  const { data, isPending, isError, error } = useMaker(username)

  if (isPending) return <MakerProfileSkeleton />
  if (isError) {
    if (!isNetworkError(error)) return <Navigate to={paths.notFound} replace />
    return (
      <p role="alert" className="rounded-xl bg-amber-50 px-6 py-10 text-center text-amber-900 ring-1 ring-amber-200">
        Você está offline e este perfil ainda não foi aberto neste aparelho. Tente novamente quando a conexão voltar.
      </p>
    )
  }

  const maker = data.data
  const own = user?.id === maker.id
  return (
    <div className="space-y-8">
      <title>{`${maker.display_name} (@${maker.username}) — Vitrine`}</title>
      {data.fromCache && <OfflineBanner savedAt={data.savedAt} />}
      <section className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <div className="h-24 bg-gradient-to-r from-brand-600 to-accent-500 sm:h-32" aria-hidden="true" />
        <div className="px-5 pb-6 sm:px-8">
          <div className="-mt-12 flex items-end justify-between gap-4">
            <span className="rounded-full bg-white p-1 shadow-sm">
              <Avatar name={maker.display_name} src={avatarUrl(maker, "256x256")} size={96} />
            </span>
            {own ? (
              <ButtonLink to={paths.profileEdit} variant="secondary">
                Editar Perfil
              </ButtonLink>
            ) : (
              Follow && <Follow makerId={maker.id} makerName={maker.display_name} />
            )}
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{maker.display_name}</h1>
          <p className="text-stone-500">
            @{maker.username}
            <span aria-hidden="true"> · </span>
            <span data-testid="followers">{followersText(maker.stats.followers ?? 0)}</span>
          </p>
          {maker.bio ? (
            <p className="mt-3 max-w-2xl whitespace-pre-line text-stone-700">{maker.bio}</p>
          ) : (
            <p className="mt-3 text-stone-500 italic">Nenhuma bio adicionada ainda</p>
          )}
        </div>
      </section>
      <MakerStats stats={maker.stats} />
      {children?.(maker)}
    </div>
  )
}

function MakerProfileSkeleton() {
  return (
    <div className="space-y-8" role="status" aria-busy="true" aria-label="Carregando perfil">
      <div className="animate-pulse overflow-hidden rounded-2xl border border-stone-200 bg-white">
        <div className="h-24 bg-stone-200 sm:h-32" />
        <div className="space-y-3 px-5 pb-6 sm:px-8">
          <div className="-mt-12 size-[104px] rounded-full border-4 border-white bg-stone-200" />
          <div className="h-7 w-48 rounded bg-stone-200" />
          <div className="h-4 w-24 rounded bg-stone-200" />
          <div className="h-4 w-full max-w-md rounded bg-stone-200" />
        </div>
      </div>
      <div className="grid animate-pulse grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-[86px] rounded-xl border border-stone-200 bg-white" />
        ))}
      </div>
    </div>
  )
}

/** '1 seguidor', 'N seguidores' (public counts only: who follows is private). */
function followersText(n: number): string {
  return n === 1 ? "1 seguidor" : `${formatInt(n)} seguidores`
}
