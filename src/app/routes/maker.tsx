// /makers/:username: the public maker profile and the maker's approved products.
import { useParams } from "react-router-dom"
import { MakerProducts } from "@/features/products/components/maker-products"
import { MakerProfile } from "@/features/profiles/components/maker-profile"

export default function MakerRoute() {
  const { username = "" } = useParams()
  return (
    <MakerProfile key={username} username={username}>
      {(maker) => <MakerProducts makerId={maker.id} />}
    </MakerProfile>
  )
}
