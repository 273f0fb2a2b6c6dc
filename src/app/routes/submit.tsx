// /submit (inside RequireAuth): the product form in its own lazy chunk.
import { useNavigate } from "react-router-dom"
import { paths } from "@/config/paths"
import { ProductForm } from "@/features/products/components/product-form"

export default function SubmitRoute() {
  const navigate = useNavigate()
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Enviar Produto — Vitrine</title>
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Enviar Produto</h1>
        <p className="text-stone-600">
          Compartilhe seu projeto com a comunidade! Conte o que você construiu, adicione imagens e tags, e seu produto
          será publicado depois de uma rápida análise.
        </p>
      </div>
      <ProductForm product={null} onSaved={(saved) => navigate(paths.product(saved.slug))} />
    </div>
  )
}
