// Product helpers for the integration tests: the multipart forms the app sends to the product
// routes, real image bytes of each accepted kind (and some that are not images), and small
// readers for the public listing.
import type PocketBase from "pocketbase"
import { ClientResponseError } from "pocketbase"
import { expect } from "vitest"
import { makePng } from "../../scripts/lib/png.mjs"
import type { ProductCardDTO, ProductPageDTO } from "../../src/features/products/types"

export const DESCRIPTION = "Uma descrição longa o bastante para passar da regra de cinquenta caracteres."

// 1x1 pictures as the app's uploader would send them
const JPEG_1X1 =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA="
const WEBP_1X1 = "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA"
const GIF_1X1 = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type })
const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"))

export const images = {
  png: (name = "capa.png", seed = 1) => file(new Uint8Array(makePng(24, 16, seed)), name, "image/png"),
  jpeg: (name = "foto.jpg") => file(b64(JPEG_1X1), name, "image/jpeg"),
  webp: (name = "tela.webp") => file(b64(WEBP_1X1), name, "image/webp"),
  /** A GIF that claims to be a PNG: only the bytes tell. */
  gifAsPng: (name = "disfarce.png") => file(b64(GIF_1X1), name, "image/png"),
  textAsJpeg: (name = "texto.jpg") => file(new TextEncoder().encode("não sou uma imagem"), name, "image/jpeg"),
  /** A real PNG header followed by zeros: 1 byte over 5 MB. */
  tooBig: (name = "enorme.png") => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 1)
    bytes.set(makePng(1, 1, 1))
    return file(bytes, name, "image/png")
  },
}

export interface ProductInput {
  title?: string
  description?: string
  url?: string
  category?: string
  built_with_lovable?: boolean
  built_with_epic?: boolean
  tags?: string[] | string
  images?: File[]
  remove_images?: string[]
  [extra: string]: unknown
}

/** The multipart body of POST /api/vitrine/products (and of .../update). */
export function productForm(input: ProductInput = {}): FormData {
  const v = {
    title: "Produto de teste",
    description: DESCRIPTION,
    url: "https://exemplo.com.br",
    category: "",
    built_with_lovable: false,
    built_with_epic: false,
    tags: ["teste"],
    images: [images.png()],
    ...input,
  }
  const fd = new FormData()
  for (const [key, value] of Object.entries(v)) {
    if (key === "images") for (const f of value as File[]) fd.append("images", f)
    else if (key === "tags" || key === "remove_images")
      fd.append(key, typeof value === "string" ? value : JSON.stringify(value))
    else fd.append(key, String(value))
  }
  return fd
}

export interface Created {
  id: string
  slug: string
}

export const submitProduct = (pb: PocketBase, input: ProductInput = {}) =>
  pb.send<Created>("/api/vitrine/products", { method: "POST", body: productForm(input) })

export const updateProduct = (pb: PocketBase, id: string, input: ProductInput = {}) =>
  pb.send<Created>(`/api/vitrine/products/${id}/update`, { method: "POST", body: productForm(input) })

/** The error a request was refused with (fails the test if it was accepted). */
export async function refusal(p: Promise<unknown>): Promise<ClientResponseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err, "the request should have been refused").toBeInstanceOf(ClientResponseError)
  return err as ClientResponseError
}

/** The Portuguese message of a 400 for `field`. */
export const fieldMessage = (err: ClientResponseError, field: string) =>
  (err.response.data as Record<string, { message?: string } | undefined>)[field]?.message ?? ""

// the listing's answer, as the app types it
export type Card = ProductCardDTO
export type Page = Pick<ProductPageDTO, "items" | "nextCursor">

/** GET /api/vitrine/products with the given query parameters. */
export function listProducts(pb: PocketBase, query: Record<string, string | number | boolean> = {}) {
  return pb.send<Page>("/api/vitrine/products", { method: "GET", query })
}

/** Every page of a listing, following nextCursor; `between` runs after each page. */
export async function allPages(
  pb: PocketBase,
  query: Record<string, string | number | boolean>,
  between: (pageIndex: number) => Promise<void> = async () => {},
): Promise<Card[][]> {
  const pages: Card[][] = []
  let cursor: string | null = null
  do {
    const page: Page = await listProducts(pb, cursor ? { ...query, cursor } : query)
    pages.push(page.items)
    cursor = page.nextCursor
    await between(pages.length - 1)
  } while (cursor && pages.length < 100)
  return pages
}
