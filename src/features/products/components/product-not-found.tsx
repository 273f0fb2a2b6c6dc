import { ButtonLink } from "@/components/ui/button"
import { paths } from "@/config/paths"

/** A product that does not exist or that this user may not see. */
export function ProductNotFound() {
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <title>Produto não encontrado — Vitrine</title>
      <h1 className="text-2xl font-semibold text-stone-900">Produto não encontrado</h1>
      <ButtonLink to={paths.home} variant="secondary" className="mt-8">
        Voltar para Home
      </ButtonLink>
    </div>
  )
}
