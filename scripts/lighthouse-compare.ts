/**
 * What `npm run lighthouse` compares (scripts/lighthouse.ts): the figures taken from each run's
 * report, the order of the runs and the table of medians. Lighthouse's mobile preset simulates a
 * 4x slower CPU: its main-thread figures (work breakdown, bootup) are the observed durations
 * times that factor, and the work after the first paint, taken from the observed trace here, is
 * scaled by the same factor so that it reads in the same units.
 */
import type { Result } from 'lighthouse'

import { median } from './measure'

/** The columns of the table: heading, the figure, and its decimals. */
export const COMPARISON_COLUMNS = [
  ['perf', 'performance', 0],
  ['FCP s', 'fcpS', 2],
  ['LCP s', 'lcpS', 2],
  ['TBT ms', 'tbtMs', 0],
  ['main thread ms', 'mainThreadMs', 0],
  ['script eval. ms', 'scriptEvaluationMs', 0],
  ['style & layout ms', 'styleLayoutMs', 0],
  ['own JS bootup ms', 'ownBootupMs', 0],
  ['after FCP ms', 'afterFcpMs', 0],
  ['tasks after FCP', 'tasksAfterFcp', 0],
] as const

export type Figures = Record<(typeof COMPARISON_COLUMNS)[number][1], number>

type Items<Item> = { items?: Item[] } | undefined

function items<Item>(lhr: Result, audit: string): Item[] {
  return (lhr.audits[audit]?.details as Items<Item>)?.items ?? []
}

/**
 * A run's figures, in ms but FCP and LCP (s):
 * - FCP, LCP, TBT: Lighthouse's simulated metrics;
 * - main thread, script evaluation, style & layout: `mainthread-work-breakdown` (scaled);
 * - own JS bootup: `bootup-time`'s script evaluation and parse/compile of the scripts served from
 *   `origin`, the page's inline scripts included (scaled; Lighthouse lists a script from 50 ms);
 * - after FCP: the top-level tasks of over 5 ms (`main-thread-tasks`) that start after the observed
 *   first contentful paint, their observed durations scaled as the figures above, and how many.
 */
export function comparisonFigures(lhr: Result, origin: string): Figures {
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN
  const { throttlingMethod, throttling } = lhr.configSettings
  const scale = throttlingMethod === 'simulate' ? (throttling.cpuSlowdownMultiplier ?? 1) : 1
  const groups = items<{ group: string; duration: number }>(lhr, 'mainthread-work-breakdown')
  const group = (id: string) => groups.find((item) => item.group === id)?.duration ?? 0
  const ownBootup = items<{ url: string; scripting: number; scriptParseCompile: number }>(
    lhr,
    'bootup-time',
  )
    .filter((item) => URL.canParse(item.url) && new URL(item.url).origin === origin)
    .reduce((total, item) => total + item.scripting + item.scriptParseCompile, 0)
  const observedFcp =
    items<{ observedFirstContentfulPaint?: number }>(lhr, 'metrics')[0]
      ?.observedFirstContentfulPaint ?? Number.NaN
  const afterFcp = items<{ startTime: number; duration: number }>(lhr, 'main-thread-tasks').filter(
    (task) => task.startTime > observedFcp,
  )
  const score = lhr.categories.performance?.score
  return {
    performance: typeof score === 'number' ? score * 100 : Number.NaN,
    fcpS: numeric('first-contentful-paint') / 1000,
    lcpS: numeric('largest-contentful-paint') / 1000,
    tbtMs: numeric('total-blocking-time'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    scriptEvaluationMs: group('scriptEvaluation'),
    styleLayoutMs: group('styleLayout'),
    ownBootupMs: ownBootup,
    afterFcpMs: afterFcp.reduce((total, task) => total + task.duration, 0) * scale,
    tasksAfterFcp: afterFcp.length,
  }
}

/**
 * The order of one round: every subject once, starting one later each round, so that no subject
 * always runs first (after a pause) or right after the same other.
 */
export function roundOrder<Subject>(subjects: readonly Subject[], round: number) {
  const start = round % Math.max(1, subjects.length)
  return [...subjects.slice(start), ...subjects.slice(0, start)]
}

export type Run = { figures: Figures; load: number }

/** A table row of the medians of a subject's runs, with the median load average during them. */
export function medianRow(name: string, runs: readonly Run[]) {
  const cells = COMPARISON_COLUMNS.map(([, key, decimals]) => {
    const values = runs.map((run) => run.figures[key]).filter((value) => Number.isFinite(value))
    return values.length === 0 ? '–' : median(values).toFixed(decimals)
  })
  const load = median(runs.map((run) => run.load)).toFixed(2)
  return `| ${name} | ${runs.length} | ${cells.join(' | ')} | ${load} |`
}

export function comparisonHeader() {
  const headings = ['page', 'runs', ...COMPARISON_COLUMNS.map(([heading]) => heading), 'load']
  return [`| ${headings.join(' | ')} |`, `|---|${'---:|'.repeat(headings.length - 1)}`].join('\n')
}
