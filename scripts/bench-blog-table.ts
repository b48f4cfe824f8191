/** The tables `npm run bench:blog` prints: every figure for each N, then the figures the blog is held to. */
import type { FirstSearch, SearchFigures } from './bench-blog-search'
import type { Percentiles } from './measure'

export type Row = {
  posts: number
  answerBytes: number
  backendMs: number
  coldBlogMs: number
  coldBlogCpuMs: number
  oldestPostMs: number
  oldestPostCpuMs: number
  oldestPostStatus: number
  inSitemap: number
  inPages: number
  byUrl: number
  firstViewMs: number
  firstViewCpuMs: number
  refreshCpuMs: number
  refreshMs: number
  homeIdle: Percentiles
  homeDuringRefresh: Percentiles
  rssAfterWarmUpMb: number
  rssWorkerEndedMb: number
  rssOverRefreshesMb: { first: number; last: number; max: number; count: number }
  searchReadyMs: number
  search: SearchFigures
  rssAfterSearchMb: number
  firstSearch: FirstSearch
  /** VmHWM: the most the server process held at once over the whole run. */
  peakRssMb: number
}

export function printHeader(conditions: string) {
  console.log(`\n${conditions}\n`)
  console.log(
    '| posts | answer | backend alone | cold `/blog` (server CPU) | oldest post, first view (server CPU) | reachable: sitemap / pages / URL | first view of each post: wall / CPU | CPU for a one-post refresh (median of 5) | `/` p99 idle / during refresh (max) | RSS after warm-up: sanitiser running / ended | RSS over refreshes (first → last, max) | first search once the pages were walked (search made ready) | search p50 / p95 (max), 10 searchers | first search of a query, p95 | live search p50 / p95 (max), 10 typists | RSS after searching |',
  )
  console.log('|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---|---:|---|---:|---|---:|')
}

export function printRow(row: Row) {
  const oldest =
    row.oldestPostStatus === 200
      ? `${row.oldestPostMs} ms (${row.oldestPostCpuMs} ms)`
      : String(row.oldestPostStatus)
  const rss = row.rssOverRefreshesMb
  console.log(
    `| ${row.posts.toLocaleString('en-GB')} | ${(row.answerBytes / 1e6).toFixed(1)} MB | ${row.backendMs} ms | ${row.coldBlogMs} ms (${row.coldBlogCpuMs} ms) | ${oldest} | ${row.inSitemap} / ${row.inPages} / ${row.byUrl} | ${row.firstViewMs.toFixed(1)} / ${row.firstViewCpuMs.toFixed(1)} ms | ${row.refreshCpuMs} ms (${row.refreshMs} ms wall) | ${row.homeIdle.p99} / ${row.homeDuringRefresh.p99} ms (${row.homeDuringRefresh.max} ms; ${row.homeDuringRefresh.samples} samples) | ${row.rssAfterWarmUpMb} / ${row.rssWorkerEndedMb} MB | ${rss.first} → ${rss.last} MB, max ${rss.max} (${rss.count}) | ${row.searchReadyMs} ms | ${row.search.p50} / ${row.search.p95} ms (${row.search.max} ms; ${row.search.samples} searches) | ${row.search.firstP95} ms | ${row.search.live.p50} / ${row.search.live.p95} ms (${row.search.live.max} ms; ${row.search.live.samples} requests) | ${row.rssAfterSearchMb} MB |`,
  )
}

/** The figures the blog is held to, one row per N: what an operator and a visitor notice. */
export function printGoals(rows: Row[]) {
  console.log(
    '\n| posts | first search after a start (same posts as later; ready after) | CPU for a one-post refresh | VmHWM over the run | cold `/blog` | oldest post, first view | search p95, 10 searchers | longest `/` during refreshes |',
  )
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const first = row.firstSearch
    console.log(
      `| ${row.posts.toLocaleString('en-GB')} | ${first.ms} ms (${first.matches} posts, ${first.sameAsLater ? 'same' : 'DIFFERENT'}; ${first.readyMs} ms) | ${row.refreshCpuMs} ms | ${row.peakRssMb} MB | ${row.coldBlogMs} ms | ${row.oldestPostMs} ms | ${row.search.p95} ms | ${row.homeDuringRefresh.max} ms |`,
    )
  }
}
