export type Page<T> = { items: T[]; page: number; pageCount: number }

/**
 * One page of a list from a `?page=` value: missing means the first page; anything that is not
 * a page of this list (0, -1, 'abc', past the end) gives null, for a 404.
 */
export function pageOf<T>(items: readonly T[], pageParam: string | null, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize))
  if (pageParam !== null && !/^[1-9]\d{0,5}$/.test(pageParam)) return null
  const page = pageParam === null ? 1 : Number(pageParam)
  if (page > pageCount) return null
  const start = (page - 1) * pageSize
  return { items: items.slice(start, start + pageSize), page, pageCount } satisfies Page<T>
}
