import { QueryClient } from "@tanstack/react-query"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { db } from "@/lib/db"
import { ClientResponseError, pb } from "@/lib/pocketbase"
import type { ProductCardDTO } from "../types"
import { fetchProductPage, productsInfiniteQueryOptions } from "./get-products"
import { normalizeListParams, productKeys } from "./keys"

const dto = (id: string, extra: Partial<ProductCardDTO> = {}): ProductCardDTO => ({
  id,
  collectionId: "pbc_products",
  slug: `produto-${id}`,
  title: `Produto ${id}`,
  description: "Uma descrição longa o bastante para um cartão de produto da vitrine.",
  images: ["capa.png"],
  built_with_lovable: true,
  built_with_epic: false,
  vote_count: 3,
  view_count: 10,
  click_count: 2,
  comment_count: 1,
  published_at: "2026-11-01 10:00:00.000Z",
  category: { id: "cat1", name: "Educação" },
  tags: [{ id: "tag1", name: "ia" }],
  maker: { id: "u1", collectionId: "_pb_users_auth_", username: "ana", display_name: "Ana", avatar: "" },
  ...extra,
})

const networkDown = () => Promise.reject(new ClientResponseError({ status: 0, response: {} }))

beforeEach(async () => {
  await db.listings.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe("listing parameters", () => {
  it("keeps only the set ones, in one order, so equal views share a key and an offline copy", () => {
    const a = normalizeListParams({ tag: "t", search: "  ia ", lovable: false, sort: "top", category: "" })
    const b = normalizeListParams({ sort: "top", search: "ia", tag: "t" })
    expect(a).toEqual({ search: "ia", sort: "top", tag: "t" })
    expect(JSON.stringify(productKeys.list(a))).toBe(JSON.stringify(productKeys.list(b)))
  })
})

describe("fetchProductPage", () => {
  it("sends the filters and the cursor as query parameters and maps the cards", async () => {
    const send = vi.spyOn(pb, "send").mockResolvedValue({ items: [dto("p1")], nextCursor: "c2" })
    const page = await fetchProductPage({ category: "cat1", lovable: true, epic: false, sort: "top" }, "c1")
    expect(send).toHaveBeenCalledWith("/api/vitrine/products", {
      method: "GET",
      query: { limit: 24, sort: "top", category: "cat1", lovable: "true", cursor: "c1" },
    })
    expect(page.nextCursor).toBe("c2")
    expect(page.total).toBeNull()
    expect(page.items[0]).toMatchObject({
      id: "p1",
      builtWithLovable: true,
      category: { id: "cat1", name: "Educação" },
      tags: [{ id: "tag1", name: "ia" }],
      maker: { username: "ana", displayName: "Ana", avatarUrl: "" },
    })
    expect(page.items[0]!.coverUrl).toContain("/api/files/pbc_products/p1/capa.png")
  })
})

describe("the infinite listing", () => {
  it("serves the saved first page offline; further pages need the network", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const send = vi.spyOn(pb, "send").mockResolvedValue({ items: [dto("p1")], nextCursor: "c2" })
    const options = productsInfiniteQueryOptions({ sort: "recent" })
    const online = await client.fetchInfiniteQuery(options)
    expect(online.pages[0]).toMatchObject({ fromCache: false, data: { nextCursor: "c2" } })

    client.clear()
    send.mockImplementation(networkDown)
    const offline = await client.fetchInfiniteQuery(options)
    expect(offline.pages[0]).toMatchObject({ fromCache: true, data: { items: [{ id: "p1" }] } })
    client.clear()
    await expect(client.fetchInfiniteQuery({ ...options, initialPageParam: "c2" })).rejects.toThrow()
  })
})
