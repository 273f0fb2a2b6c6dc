// /products/:slug/stats (inside RequireAuthWithReturn): the maker's numbers for one product. The
// server answers only the owner and staff; the page shows its refusal to anyone else.
import { useParams } from "react-router-dom"
import { ProductStatsPage } from "@/features/analytics/components/stats-page"

export default function ProductStatsRoute() {
  const { slug = "" } = useParams()
  return <ProductStatsPage key={slug} slug={slug} />
}
