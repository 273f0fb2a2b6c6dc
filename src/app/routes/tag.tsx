import { useParams } from "react-router-dom"
import { TaxonomyPage } from "@/features/products/components/taxonomy-page"

/** /tags/{slug}: the slug is the tag id (spec section 2). */
export default function TagRoute() {
  const { slug = "" } = useParams()
  return <TaxonomyPage key={slug} kind="tag" id={slug} />
}
