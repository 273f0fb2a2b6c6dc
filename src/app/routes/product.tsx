// /products/:slug (inside RequireAuthWithReturn): the product page.
import { useParams } from "react-router-dom"
import { ProductDetailPage } from "@/features/products/components/product-detail"

export default function ProductRoute() {
  const { slug = "" } = useParams()
  return <ProductDetailPage key={slug} slug={slug} />
}
