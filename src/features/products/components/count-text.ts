// The spec's count wording: '{n} produto(s) encontrado(s)', and while searching
// '{n} resultado(s) para "..."'. `more`: the server counted up to its cap and there are more.
import { formatInt } from "@/lib/numbers"

export function countText(n: number, more = false, search?: string): string {
  const many = more || n !== 1
  const amount = `${more ? "Mais de " : ""}${formatInt(n)}`
  return search
    ? `${amount} ${many ? "resultados" : "resultado"} para "${search}"`
    : `${amount} ${many ? "produtos encontrados" : "produto encontrado"}`
}
