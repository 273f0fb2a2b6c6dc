// /products/:slug/edit (inside RequireAuth): the owner's product form. Anyone else is sent to /
// with 'Acesso negado' (the server refuses their update anyway).
import { useEffect } from "react"
import { Navigate, useNavigate, useParams } from "react-router-dom"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { useProduct } from "@/features/products/api/get-product"
import { ProductNotFound } from "@/features/products/components/product-not-found"
import { ProductForm } from "@/features/products/components/product-form"
import { useAuth } from "@/lib/auth"
import { errorMessage } from "@/lib/pocketbase"

export default function ProductEditRoute() {
  const { slug = "" } = useParams()
  const { user } = useAuth()
  const navigate = useNavigate()
  const { data: product, isPending, isError, error } = useProduct(slug)
  const denied = !!product && product.createdBy !== user?.id

  useEffect(() => {
    if (denied)
      toast({
        title: "Acesso negado",
        description: "Você não tem permissão para editar este produto",
        variant: "error",
      })
  }, [denied])

  if (denied) return <Navigate to={paths.landing} replace />
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Editar Produto — Vitrine</title>
      {isPending ? (
        <EditSkeleton />
      ) : isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-red-200">
          {errorMessage(error)}
        </p>
      ) : !product ? (
        <ProductNotFound />
      ) : (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Editar Produto</h1>
          <ProductForm key={product.id} product={product} onSaved={(saved) => navigate(paths.product(saved.slug))} />
        </>
      )}
    </div>
  )
}

function EditSkeleton() {
  return (
    <div
      className="animate-pulse space-y-6"
      role="status"
      aria-busy="true"
      aria-label="Carregando produto"
      data-testid="edit-skeleton"
    >
      <div className="h-9 w-64 rounded bg-stone-200" />
      <div className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6">
        {[10, 32, 10, 10, 16, 24].map((h, i) => (
          <div key={i} className="space-y-2">
            <div className="h-4 w-24 rounded bg-stone-200" />
            <div className="rounded-lg bg-stone-200" style={{ height: `${h * 0.25}rem` }} />
          </div>
        ))}
      </div>
    </div>
  )
}
