import { ButtonLink } from "@/components/ui/button"
import { paths } from "@/config/paths"

export default function NotFound() {
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <title>Página não encontrada — Vitrine</title>
      <p className="text-7xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
      <ButtonLink to={paths.home} variant="secondary" className="mt-8">
        Voltar para o início
      </ButtonLink>
    </div>
  )
}
