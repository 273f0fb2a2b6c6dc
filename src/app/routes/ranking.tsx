// /ranking: the launch ranking with the tabs 'Hoje', 'Ontem', 'Semana', 'Mês' (public).
import { RankingTabsPage } from "@/features/products/components/ranking-page"

export default RankingTabsPage
