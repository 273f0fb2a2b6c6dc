import { useParams } from "react-router-dom"
import { TaxonomyPage } from "@/features/products/components/taxonomy-page"

/** /categories/{slug}: the slug is the category id (spec section 2). */
export default function CategoryRoute() {
  const { slug = "" } = useParams()
  return <TaxonomyPage key={slug} kind="category" id={slug} />
}
