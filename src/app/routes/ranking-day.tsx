// /ranking/AAAA-MM-DD: one day's launches, with the day before and after (public).
import { useParams } from "react-router-dom"
import { RankingDayPage } from "@/features/products/components/ranking-page"

export default function RankingDayRoute() {
  const { day = "" } = useParams()
  return <RankingDayPage key={day} day={day} />
}
