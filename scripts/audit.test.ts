import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  ACCEPTED_LIST_PATH,
  ghsaIdOf,
  judgeAudit,
  problemsWithList,
  reportedAdvisories,
} from './audit.js'

const ROOT = path.resolve(import.meta.dirname, '..')
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'))

/** What `npm audit --json` prints for this tree where the audit service answers (format 2). */
const report = () => readJson(path.join(import.meta.dirname, 'fixtures/npm-audit-report.json'))
const committedList = () => readJson(ACCEPTED_LIST_PATH)

const TODAY = '2026-11-28'

function entry(overrides: Record<string, unknown> = {}) {
  return {
    id: 'GHSA-chx6-hx7r-mcp5',
    aliases: ['CVE-2026-55685'],
    package: '@remix-run/server-runtime',
    installed: '2.17.5',
    severity: 'high',
    status: 'contained',
    reason: 'server/framework-addresses.ts bounds every request to /__manifest.',
    guardedBy: 'tests/integration/framework-addresses.test.ts › route discovery',
    reviewBy: '2027-02-28',
    ...overrides,
  }
}

/** The report with one more advisory on one more package. */
function withAdvisory(name: string, via: Record<string, unknown>) {
  const reported = report()
  reported.vulnerabilities[name] = {
    name,
    severity: via.severity,
    isDirect: false,
    via: [{ source: 1099999, name, dependency: name, cwe: [], ...via }],
    effects: [],
    range: String(via.range),
    nodes: [`node_modules/${name}`],
    fixAvailable: true,
  }
  return reported
}

describe('judging a report', () => {
  it('passes when every high advisory reported is on the list, and says how many it saw', () => {
    const { code, lines } = judgeAudit(report(), committedList(), TODAY)
    expect(code).toBe(0)
    expect(lines.at(-1)).toMatch(/passed: 5 advisory\(ies\) reported, 5 of them accepted/)
  })

  it('fails on a high or critical advisory that is not on the list, naming it', () => {
    for (const severity of ['high', 'critical']) {
      const reported = withAdvisory('path-to-regexp', {
        title: 'path-to-regexp outputs backtracking regular expressions',
        url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j',
        severity,
        range: '<0.1.12',
      })
      const { code, lines } = judgeAudit(reported, committedList(), TODAY)
      expect(code, severity).toBe(1)
      expect(lines.join('\n')).toContain(
        `GHSA-9wv6-86v2-598j (${severity}, path-to-regexp) is not accepted`,
      )
    }
  })

  it('notes a moderate or low advisory that is not on the list without failing', () => {
    const reported = withAdvisory('cookie', {
      title: 'cookie accepts cookie name, path, and domain with out of bounds characters',
      url: 'https://github.com/advisories/GHSA-pxg6-pf52-xh8x',
      severity: 'low',
      range: '<0.7.0',
    })
    const { code, lines } = judgeAudit(reported, committedList(), TODAY)
    expect(code).toBe(0)
    expect(lines).toContainEqual(expect.stringContaining('note: GHSA-pxg6-pf52-xh8x (low, cookie)'))
  })

  it('fails on an accepted advisory whose review date has passed, and not on the day itself', () => {
    const list = {
      advisories: [
        entry({ reviewBy: '2026-11-27' }),
        entry({ id: 'GHSA-rxv8-25v2-qmq8', reviewBy: TODAY }),
      ],
    }
    const { code, lines } = judgeAudit({ auditReportVersion: 2, vulnerabilities: {} }, list, TODAY)
    expect(code).toBe(1)
    expect(lines.join('\n')).toContain(
      'GHSA-chx6-hx7r-mcp5 (@remix-run/server-runtime) was to be reviewed by 2026-11-27',
    )
    expect(lines.join('\n')).not.toContain('GHSA-rxv8-25v2-qmq8 (')
  })

  it('reads an advisory once however many packages carry it, and skips the names of other packages', () => {
    const reported = report()
    reported.vulnerabilities['@remix-run/server-runtime'].via.push({
      ...reported.vulnerabilities['turbo-stream'].via[0],
      name: '@remix-run/server-runtime',
    })
    const turboStream = reportedAdvisories(reported).filter((a) => a.id === 'GHSA-rxv8-25v2-qmq8')
    expect(turboStream).toEqual([
      expect.objectContaining({ packages: ['@remix-run/server-runtime', 'turbo-stream'] }),
    ])
    expect(
      reportedAdvisories(report())
        .map((a) => a.id)
        .sort(),
    ).toEqual([
      'GHSA-337j-9hxr-rhxg',
      'GHSA-84g9-w2xq-vcv6',
      'GHSA-chx6-hx7r-mcp5',
      'GHSA-rxv8-25v2-qmq8',
      'GHSA-wrjc-x8rr-h8h6',
    ])
  })

  it('fails an advisory without a GitHub id by its npm number, since the list cannot accept it', () => {
    const reported = withAdvisory('left-pad', {
      title: 'an old advisory',
      url: 'https://example.test/1',
      severity: 'critical',
      range: '*',
    })
    const { code, lines } = judgeAudit(reported, committedList(), TODAY)
    expect(code).toBe(1)
    expect(lines.join('\n')).toContain('npm advisory 1099999 (critical, left-pad)')
  })

  it("says in one line, exit 2, that the audit could not run here when npm's answer holds no findings", () => {
    // What npm prints on these machines: its audit service refuses the request.
    const refused = {
      message: '405 Method Not Allowed',
      method: 'POST',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    }
    for (const answer of [
      refused,
      null,
      { error: { code: 'ENOAUDIT', summary: 'audit endpoint returned an error' } },
    ]) {
      const { code, lines } = judgeAudit(answer, committedList(), TODAY)
      expect(code).toBe(2)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/could not be run here .*a developer's own machine or an outside CI/)
    }
    expect(judgeAudit(refused, committedList(), TODAY).lines[0]).toContain('HTTP 405')
  })

  it('finds the GHSA id in an advisory address', () => {
    expect(ghsaIdOf('https://github.com/advisories/GHSA-84g9-w2xq-vcv6')).toBe(
      'GHSA-84g9-w2xq-vcv6',
    )
    expect(ghsaIdOf('https://example.test/advisories/1')).toBeNull()
    expect(ghsaIdOf(undefined)).toBeNull()
  })
})

describe('the accepted list', () => {
  it('is well formed: every field there, ids and dates of the right form', () => {
    expect(problemsWithList(committedList())).toEqual([])
  })

  it('names what is wrong with an entry', () => {
    const problems = problemsWithList({
      advisories: [
        entry({ id: 'GHSA-1234-abcd-zzzz' }),
        entry({ reviewBy: '2027-02-30' }),
        entry({ id: 'GHSA-rxv8-25v2-qmq8', guardedBy: ' ', status: 'fine', aliases: ['42'] }),
      ],
    })
    expect(problems).toEqual([
      'GHSA-1234-abcd-zzzz: id is not a GHSA-xxxx-xxxx-xxxx id',
      'GHSA-chx6-hx7r-mcp5: reviewBy is not a YYYY-MM-DD date',
      'GHSA-rxv8-25v2-qmq8: aliases must be a list of CVE-YYYY-NNNN ids (it may be empty)',
      'GHSA-rxv8-25v2-qmq8: guardedBy is missing',
      'GHSA-rxv8-25v2-qmq8: status is not one of contained, not reached, fixed by override, patched, not applicable',
    ])
    expect(judgeAudit(report(), { advisories: [entry({ severity: 'severe' })] }, TODAY).code).toBe(
      1,
    )
  })

  // Each judgement holds for one version: a new version of a listed package needs its entries read again.
  it('names the version installed of each package', () => {
    const stale = committedList().advisories.flatMap(
      ({ id, package: name, installed }: { id: string; package: string; installed: string }) => {
        const { version } = readJson(path.join(ROOT, 'node_modules', name, 'package.json'))
        return version === installed
          ? []
          : [`${id}: ${name} ${version} installed, ${installed} listed`]
      },
    )
    expect(stale).toEqual([])
  })
})
