import { DiscoveryPage } from "@/features/products/components/discovery-page"

export default DiscoveryPage
