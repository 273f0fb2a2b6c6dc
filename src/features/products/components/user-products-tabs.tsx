// The signed-in user's products in two tabs. Offline: the copy saved on this device (with its age);
// the owner actions need the network and say so when it is missing.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react"
import { useId, useState, type ReactNode } from "react"
import { ButtonLink } from "@/components/ui/button"
import { OfflineBanner } from "@/components/ui/offline-banner"
import { paths } from "@/config/paths"
import { cn } from "@/lib/cn"
import { useUserProducts } from "../api/get-user-products"
import { ProductGridSkeleton } from "./product-grid"
import { ProductsLoadError, UserProductGrid } from "./user-product-grid"

type MineTab = "approved" | "all"
const TABS: MineTab[] = ["approved", "all"]

/** The signed-in user's own products: 'Aprovados (n)' and 'Todos (n)', with owner actions. */
export function UserProductsTabs({ userId }: { userId: string }) {
  const id = useId()
  const [tab, setTab] = useState<MineTab>("approved")
  // one read of every status; the approved tab is a subset of it
  const { data, isPending, isError } = useUserProducts({ userId, all: true })
  const all = data?.data ?? []
  const approved = all.filter((p) => p.status === "approved")
  const labels: Record<MineTab, string> = {
    approved: `Aprovados (${isPending ? "…" : approved.length})`,
    all: `Todos (${isPending ? "…" : all.length})`,
  }

  const panel = (products: typeof all, empty: ReactNode, showStatus = false) =>
    isPending ? (
      <ProductGridSkeleton />
    ) : isError ? (
      <ProductsLoadError />
    ) : (
      <UserProductGrid products={products} empty={empty} showStatus={showStatus} />
    )

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
        Meus Produtos
      </h2>
      <TabGroup selectedIndex={TABS.indexOf(tab)} onChange={(i) => setTab(TABS[i]!)} className="space-y-4">
        <TabList aria-label="Meus produtos" className="inline-flex rounded-lg bg-stone-100 p-1">
          {TABS.map((t) => (
            <Tab
              key={t}
              className={({ selected }) =>
                cn(
                  "rounded-md px-4 py-1.5 text-sm font-semibold transition",
                  selected ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900",
                )
              }
            >
              {labels[t]}
            </Tab>
          ))}
        </TabList>
        {data?.fromCache && <OfflineBanner savedAt={data.savedAt} />}
        <TabPanels>
          <TabPanel>
            {panel(approved, <EmptyMine text="Você ainda não tem produtos aprovados" offerSubmit={all.length === 0} />)}
          </TabPanel>
          <TabPanel>{panel(all, <EmptyMine text="Você ainda não criou nenhum produto" offerSubmit />, true)}</TabPanel>
        </TabPanels>
      </TabGroup>
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
