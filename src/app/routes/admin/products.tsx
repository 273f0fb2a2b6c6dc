import { ProductsModeration } from "@/features/admin/components/products-moderation"

export default ProductsModeration
