import { ButtonLink } from "@/components/ui/button"
import { paths } from "@/config/paths"

/** Routes of the spec whose screens are not built yet. */
export default function ComingSoon() {
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <h1 className="text-2xl font-semibold">Em breve</h1>
      <p className="mt-2 text-stone-600">Esta parte da Vitrine ainda está em construção.</p>
      <ButtonLink to={paths.home} variant="secondary" className="mt-8">
        Voltar para o início
      </ButtonLink>
    </div>
  )
}
