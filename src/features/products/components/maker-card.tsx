import { Link } from "react-router-dom"
import { useFollowSlot } from "@/components/follow-slot"
import { Avatar } from "@/components/ui/avatar"
import { paths } from "@/config/paths"
import type { ProductDetail } from "../api/get-product"

/** 'Criado por': the maker's avatar, name, @username (to their page), 'Seguir' and bio. */
export function MakerCard({ maker }: { maker: NonNullable<ProductDetail["maker"]> }) {
  const { Follow } = useFollowSlot()
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="criado-por">
      <h2 id="criado-por" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Criado por
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar name={maker.displayName} src={maker.avatarUrl} size={48} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{maker.displayName}</p>
          {maker.username && (
            <Link to={paths.maker(maker.username)} className="text-sm text-brand-700 hover:underline">
              @{maker.username}
            </Link>
          )}
        </div>
      </div>
      {maker.bio && <p className="mt-3 text-sm whitespace-pre-line text-stone-600">{maker.bio}</p>}
      {Follow && <Follow makerId={maker.id} makerName={maker.displayName} className="mt-4 w-full" />}
    </section>
  )
}
