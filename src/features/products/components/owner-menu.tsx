// Owner actions on a product card: edit, statistics, or delete after a confirmation. Loaded lazily (only an
// owner's cards need it), so Headless UI stays out of the first route's JavaScript. Deleting needs
// the network: offline the request fails and the toast says so; nothing is queued.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react"
import { useState } from "react"
import { Link } from "react-router-dom"
import { ConfirmDialog } from "@/components/ui/confirm-dialog"
import { DotsIcon } from "@/components/ui/icons"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { errorMessage } from "@/lib/pocketbase"
import { useDeleteProduct } from "../api/delete-product"

const itemClass = "block w-full px-4 py-2 text-left text-sm data-focus:bg-stone-100"

export function OwnerMenu({ product }: { product: { id: string; slug: string; title: string } }) {
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteProduct()

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(product.id)
      setConfirming(false)
      toast({ title: "Produto removido!" })
    } catch (err) {
      toast({ title: errorMessage(err), variant: "error" })
    }
  }

  return (
    <>
      <Menu>
        <MenuButton
          className="flex size-8 items-center justify-center rounded-full bg-white/90 text-stone-700 shadow ring-1 ring-stone-200 backdrop-blur hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Ações do produto ${product.title}`}
        >
          <DotsIcon className="size-5" strokeWidth={3} />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-30 mt-1 w-44 rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200 focus:outline-none"
        >
          <MenuItem>
            <Link to={paths.productEdit(product.slug)} className={`${itemClass} text-stone-700`}>
              Editar produto
            </Link>
          </MenuItem>
          <MenuItem>
            <Link to={paths.productStats(product.slug)} className={`${itemClass} text-stone-700`}>
              Estatísticas
            </Link>
          </MenuItem>
          <MenuItem>
            <button type="button" className={`${itemClass} text-red-700`} onClick={() => setConfirming(true)}>
              Deletar produto
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
        title="Tem certeza?"
        description="Esta ação não pode ser desfeita. O produto será permanentemente removido."
      />
    </>
  )
}
