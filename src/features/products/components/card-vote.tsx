// The vote on a card or a feed row: the vote button the app fills in (see product-slots), or, where
// none is given, the count alone.
import { useProductSlots } from "@/components/product-slots"
import { ArrowUpIcon } from "@/components/ui/icons"
import { cn } from "@/lib/cn"
import type { ProductCardData } from "../types"

export function CardVote({
  product,
  disabled,
  className,
}: {
  product: ProductCardData
  disabled?: boolean
  className?: string
}) {
  const { Vote } = useProductSlots()
  return Vote ? (
    <Vote
      productId={product.id}
      title={product.title}
      count={product.voteCount}
      countAt={product.readAt}
      variant="card"
      disabled={disabled}
    />
  ) : (
    <span className={cn("flex items-center gap-1 font-semibold", className)} title="Votos">
      <ArrowUpIcon className="size-4" />
      {product.voteCount}
    </span>
  )
}
