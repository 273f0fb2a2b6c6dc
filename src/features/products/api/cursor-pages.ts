// What the listings and the ranking share: pages through the server's cursor, of which the first
// comes from the page's HTML or the saved copies (so it opens offline, with its age) and the
// later ones from the network (offline they fail visibly).
import { infiniteQueryOptions } from "@tanstack/react-query"
import type { CachedResult } from "@/lib/cached-read"

/**
 * The infinite query of `key`: the first page by `first`, each later one by `next(cursor)`.
 * `sent`: the first page the server put into the page's HTML, if it did (src/lib/boot.ts). It is
 * the query's initial data, so the listing is there in the very first render: no query run, no
 * second render (a synchronous one, for a store update) once a promise has resolved.
 */
export function cursorPagesOptions<P extends { nextCursor: string | null }, K extends readonly unknown[]>(
  key: K,
  first: () => Promise<CachedResult<P>>,
  next: (cursor: string) => Promise<P>,
  sent: () => CachedResult<P> | undefined = () => undefined,
) {
  return infiniteQueryOptions({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }): Promise<CachedResult<P>> =>
      pageParam ? next(pageParam).then((data) => ({ data, savedAt: Date.now(), fromCache: false })) : first(),
    getNextPageParam: (last) => last.data.nextCursor ?? undefined,
    initialData: () => {
      const page = sent()
      return page && { pages: [page], pageParams: [null] }
    },
  })
}

/**
 * The pages' items in order, each stamped by `withReadAt` with when its page was read, without the
 * repeats (an item that moved to a later page between two reads) by `idOf`.
 */
export function flattenPages<T, U>(
  pages: Array<CachedResult<{ items: T[] }>>,
  withReadAt: (item: T, readAt: number) => U,
  idOf: (item: U) => string,
): U[] {
  const seen = new Set<string>()
  return pages
    .flatMap((page) => page.data.items.map((item) => withReadAt(item, page.savedAt)))
    .filter((item) => (seen.has(idOf(item)) ? false : (seen.add(idOf(item)), true)))
}
