import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'

import {
  COMPARISON_COLUMNS,
  comparisonFigures,
  medianRow,
  roundOrder,
  type Figures,
} from './lighthouse-compare'

const ORIGIN = 'http://localhost:4000'

/** A report with the parts the comparison reads: observed FCP at 300 ms, a 4x simulated CPU. */
function report({ throttlingMethod = 'simulate' } = {}) {
  const table = (items: object[]) => ({ details: { items } })
  return {
    configSettings: { throttlingMethod, throttling: { cpuSlowdownMultiplier: 4 } },
    categories: { performance: { score: 0.97 } },
    audits: {
      'first-contentful-paint': { numericValue: 1200 },
      'largest-contentful-paint': { numericValue: 1500 },
      'total-blocking-time': { numericValue: 80 },
      'mainthread-work-breakdown': {
        numericValue: 2000,
        ...table([
          { group: 'scriptEvaluation', duration: 900 },
          { group: 'styleLayout', duration: 300 },
        ]),
      },
      'bootup-time': table([
        { url: `${ORIGIN}/build/entry.js`, scripting: 400, scriptParseCompile: 20 },
        { url: `${ORIGIN}/`, scripting: 60, scriptParseCompile: 5 },
        { url: 'https://elsewhere.example/tag.js', scripting: 500, scriptParseCompile: 50 },
        { url: 'Unattributable', scripting: 70, scriptParseCompile: 0 },
      ]),
      metrics: table([{ observedFirstContentfulPaint: 300 }]),
      'main-thread-tasks': table([
        { startTime: 100, duration: 40 },
        { startTime: 290, duration: 30 },
        { startTime: 310, duration: 25 },
        { startTime: 500, duration: 10 },
      ]),
    },
  } as unknown as Result
}

describe('the comparison of a run', () => {
  it("reads Lighthouse's metrics, the work breakdown and the page's own scripts' bootup", () => {
    expect(comparisonFigures(report(), ORIGIN)).toMatchObject({
      performance: 97,
      fcpS: 1.2,
      lcpS: 1.5,
      tbtMs: 80,
      mainThreadMs: 2000,
      scriptEvaluationMs: 900,
      styleLayoutMs: 300,
      ownBootupMs: 485,
    })
  })

  it('counts the tasks that start after the observed first paint, scaled as the simulated CPU', () => {
    expect(comparisonFigures(report(), ORIGIN)).toMatchObject({
      afterFcpMs: (25 + 10) * 4,
      tasksAfterFcp: 2,
    })
    expect(comparisonFigures(report({ throttlingMethod: 'devtools' }), ORIGIN).afterFcpMs).toBe(35)
  })
})

describe('the rounds', () => {
  it('start one subject later each round, every subject once a round', () => {
    const subjects = ['a', 'b', 'c']
    const orders = [0, 1, 2, 3].map((round) => roundOrder(subjects, round).join(''))
    expect(orders).toEqual(['abc', 'bca', 'cab', 'abc'])
  })
})

describe('the table', () => {
  it("gives each column's median over the runs, and the median load", () => {
    const others = Object.fromEntries(COMPARISON_COLUMNS.map(([, key]) => [key, 0])) as Figures
    // A run whose report had no LCP gives none: the column shows a dash.
    const figures = (performance: number, tbtMs: number): Figures => ({
      ...others,
      performance,
      tbtMs,
      fcpS: 1.234,
      lcpS: Number.NaN,
    })
    const row = medianRow('/blog', [
      { figures: figures(90, 300), load: 2 },
      { figures: figures(99, 20), load: 3.5 },
      { figures: figures(95, 100), load: 1 },
    ])
    expect(row).toMatch(/^\| \/blog \| 3 \| 95 \| 1\.23 \| – \| 100 \| .* \| 2\.00 \|$/)
  })
})
