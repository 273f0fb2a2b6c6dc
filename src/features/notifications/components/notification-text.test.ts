import { describe, expect, it } from "vitest"
import type { NotificationItem } from "../api/get-notifications"
import { notificationHref, notificationText } from "./notification-text"

const base: NotificationItem = {
  id: "n1",
  type: "new_vote",
  isRead: false,
  created: "2025-03-15 12:00:00.000Z",
  actor: { id: "u1", displayName: "Ana Souza", username: "anasouza", avatarUrl: "" },
  productSlug: "agenda-viva",
  productTitle: "Agenda Viva",
  commentId: "",
  commentPreview: "",
  commentRemoved: false,
  reason: "",
  rank: 0,
  day: "",
}

describe("launch notifications", () => {
  it("new_product: 'X lançou Y', to the product", () => {
    const n = { ...base, type: "new_product" as const }
    expect(notificationText(n)).toBe("Ana Souza lançou Agenda Viva")
    expect(notificationHref(n)).toBe("/products/agenda-viva")
  })

  it("daily_rank: the place and the day, to that day's ranking", () => {
    const n = { ...base, type: "daily_rank" as const, actor: null, rank: 2, day: "2025-03-14" }
    expect(notificationText(n)).toBe("Seu produto ficou em 2º lugar em 14/03: Agenda Viva")
    expect(notificationHref(n)).toBe("/ranking/2025-03-14")
  })
})

describe("comment notifications", () => {
  it("a removed comment's text is not shown any more", () => {
    const n = { ...base, type: "new_comment" as const, commentId: "c1", commentPreview: "Texto que foi moderado" }
    expect(notificationText(n)).toBe("Ana Souza comentou em Agenda Viva: “Texto que foi moderado”")
    expect(notificationText({ ...n, commentRemoved: true })).toBe(
      "Ana Souza comentou em Agenda Viva: Comentário removido",
    )
  })
})
