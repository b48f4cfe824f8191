/**
 * The search figures of `npm run bench:blog`: the first search a fresh instance is asked, and ten
 * visitors searching at once, by pages and as they type.
 */
import { percentiles, sleep, timedFetch, type Percentiles, type RunningServer } from './measure'

/** Visitors searching at once, each asking again as soon as answered, and how often each asks. */
export const SEARCHERS = 10
const SEARCHES_EACH = Number(process.env.BENCH_BLOG_SEARCHES ?? 50)
/** What visitors look for: words of the posts' titles and texts, some with a word half typed. */
export const SEARCH_QUERIES = [
  'voice agents',
  'invoice chasing',
  'dental',
  'gdpr',
  'restaurant bookings',
  'salon no-shows',
  'chatbot cost',
  'missed calls trad',
  'estate agent leads',
  'automation roi',
]

export type FirstSearch = { ms: number; matches: number; sameAsLater: boolean; readyMs: number }

export type SearchFigures = Percentiles & { firstP95: number; live: Percentiles }

/**
 * The first search a fresh instance is asked, as its very first request once it answers /healthz
 * (`readyMs` after its start), and whether it found the same posts in the same order as the same
 * search once the instance has settled (after `settleMs`). Stops the server.
 */
export async function firstSearchAfterStart(
  server: RunningServer,
  readyMs: number,
  settleMs: number,
): Promise<FirstSearch> {
  const url = `${server.url}/blog?q=${encodeURIComponent(SEARCH_QUERIES[0]!)}`
  try {
    const started = performance.now()
    const first = await (await fetch(url)).text()
    const ms = Math.round(performance.now() - started)
    await sleep(settleMs)
    const later = await (await fetch(`${url}&page=1`)).text()
    const found = (html: string) => ({
      matches: Number(/(\d[\d,]*) posts? match/.exec(html)?.[1]?.replace(/,/g, '') ?? 0),
      slugs: [...html.matchAll(/href="\/blog\/([^"/?]+)"[^>]*>Read More/g)].map(([, slug]) => slug),
    })
    const [a, b] = [found(first), found(later)]
    console.error(`first search after a start: ${ms} ms, ${a.matches} posts`)
    const sameAsLater = JSON.stringify(a) === JSON.stringify(b)
    return { ms, matches: a.matches, sameAsLater, readyMs: Math.round(readyMs) }
  } finally {
    await server.stop()
  }
}

/**
 * Ten visitors searching at once, each asking again as soon as answered, going through the
 * queries in turn (each from a different one). The first answer to each query (its results not
 * kept yet) is reported apart.
 */
export async function searchLoad(server: RunningServer): Promise<SearchFigures> {
  const first = await Promise.all(
    SEARCH_QUERIES.map(
      async (query) => (await timedFetch(`${server.url}/blog?q=${encodeURIComponent(query)}`)).ms,
    ),
  )
  const failures: number[] = []
  /** Ten searchers at once, each asking for its addresses in turn as soon as answered. */
  async function tenAtOnce(addressesOf: (searcher: number) => string[]) {
    const ms: number[] = []
    await Promise.all(
      Array.from({ length: SEARCHERS }, async (_, searcher) => {
        for (const address of addressesOf(searcher)) {
          const answer = await timedFetch(`${server.url}${address}`)
          if (answer.status !== 200) failures.push(answer.status)
          ms.push(answer.ms)
        }
      }),
    )
    return percentiles(ms)
  }
  /** Each searcher goes through the queries from a different one. */
  const queryOf = (searcher: number, i: number) =>
    SEARCH_QUERIES[(searcher + i) % SEARCH_QUERIES.length]!
  const pages = await tenAtOnce((searcher) =>
    Array.from(
      { length: SEARCHES_EACH },
      (_, i) => `/blog?q=${encodeURIComponent(queryOf(searcher, i))}`,
    ),
  )
  // Then as they type with JavaScript: a data request after each pause (every third letter, and
  // the whole query), which the page cache does not keep.
  const live = await tenAtOnce((searcher) =>
    SEARCH_QUERIES.flatMap((_, i) =>
      typedPrefixes(queryOf(searcher, i)).map(
        (typed) => `/blog.data?q=${encodeURIComponent(typed)}`,
      ),
    ),
  )
  if (failures.length > 0) throw new Error(`searches failed: ${failures.join(', ')}`)
  return { ...pages, firstP95: percentiles(first).p95, live }
}

/** What live search sends while `query` is typed: every third letter, and the whole query. */
function typedPrefixes(query: string) {
  const prefixes = Array.from({ length: query.length / 3 }, (_, i) => query.slice(0, 3 * i + 3))
  return [...new Set([...prefixes.map((prefix) => prefix.trim()), query])]
}
