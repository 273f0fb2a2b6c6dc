// The signed-in user's products in two tabs. Offline: the copy saved on this device (with its age);
// the owner actions need the network and say so when it is missing.
import { useId, useState, type KeyboardEvent } from "react"
import { ButtonLink } from "@/components/ui/button"
import { OfflineBanner } from "@/components/ui/offline-banner"
import { paths } from "@/config/paths"
import { cn } from "@/lib/cn"
import { useUserProducts } from "../api/get-user-products"
import { ProductGridSkeleton } from "./product-grid"
import { ProductsLoadError, UserProductGrid } from "./user-product-grid"

type Tab = "approved" | "all"
const TABS: Tab[] = ["approved", "all"]

/** The signed-in user's own products: 'Aprovados (n)' and 'Todos (n)', with owner actions. */
export function UserProductsTabs({ userId }: { userId: string }) {
  const id = useId()
  const [tab, setTab] = useState<Tab>("approved")
  // one read of every status; the approved tab is a subset of it
  const { data, isPending, isError } = useUserProducts({ userId, all: true })
  const all = data?.data ?? []
  const approved = all.filter((p) => p.status === "approved")
  const labels: Record<Tab, string> = {
    approved: `Aprovados (${isPending ? "…" : approved.length})`,
    all: `Todos (${isPending ? "…" : all.length})`,
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return
    const next = tab === "approved" ? "all" : "approved"
    setTab(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
        Meus Produtos
      </h2>
      <div
        role="tablist"
        aria-label="Meus produtos"
        className="inline-flex rounded-lg bg-stone-100 p-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t}
            id={`${id}-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            className={cn(
              "rounded-md px-4 py-1.5 text-sm font-semibold transition",
              tab === t ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900",
            )}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {data?.fromCache && <OfflineBanner savedAt={data.savedAt} />}
        {isPending ? (
          <ProductGridSkeleton />
        ) : isError ? (
          <ProductsLoadError />
        ) : tab === "approved" ? (
          <UserProductGrid
            products={approved}
            empty={<EmptyMine text="Você ainda não tem produtos aprovados" offerSubmit={all.length === 0} />}
          />
        ) : (
          <UserProductGrid
            products={all}
            empty={<EmptyMine text="Você ainda não criou nenhum produto" offerSubmit />}
            showStatus
          />
        )}
      </div>
    </section>
  )
}

/** The own profile's empty tab: what is missing and, with no product at all, the way to the form. */
function EmptyMine({ text, offerSubmit }: { text: string; offerSubmit: boolean }) {
  return (
    <>
      <p>{text}</p>
      {offerSubmit && (
        <ButtonLink to={paths.submit} className="mt-4">
          Enviar meu primeiro produto
        </ButtonLink>
      )}
    </>
  )
}
