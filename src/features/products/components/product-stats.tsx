import { ClickIcon, CommentIcon, EyeIcon } from "@/components/ui/icons"

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Comments, views and clicks of a product, in the singular or plural. */
export function ProductStats({ comments, views, clicks }: { comments: number; views: number; clicks: number }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-stone-600" data-testid="product-stats">
      <li>
        <a href="#comentarios" className="flex items-center gap-1.5 hover:text-brand-700">
          <CommentIcon className="size-4" />
          {plural(comments, "comentário", "comentários")}
        </a>
      </li>
      <li className="flex items-center gap-1.5" data-testid="stat-views">
        <EyeIcon className="size-4" />
        {plural(views, "visualização", "visualizações")}
      </li>
      <li className="flex items-center gap-1.5" data-testid="stat-clicks">
        <ClickIcon className="size-4" />
        {plural(clicks, "clique", "cliques")}
      </li>
    </ul>
  )
}
