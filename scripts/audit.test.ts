import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  ACCEPTED_LIST_PATH,
  auditBothTrees,
  ghsaIdOf,
  judgeAudit,
  problemsWithList,
  reportedAdvisories,
} from './audit.js'
import { fixture, readJson, ROOT } from './test-fixtures'

/** What `npm audit --json --omit=dev` prints for this tree where the audit service answers (format 2). */
const report = () => fixture('npm-audit-report.json')
/**
 * What `npm audit --json` prints for the whole install: the production report and the entries of
 * the development tree's own packages (tar 6.2.1 and the two above it).
 */
function wholeInstallReport() {
  const whole = report()
  const developmentOnly = fixture('npm-audit-development-only.json')
  Object.assign(whole.vulnerabilities, developmentOnly.vulnerabilities)
  return whole
}
const committedList = () => readJson(ACCEPTED_LIST_PATH)

const TODAY = '2026-11-28'

function entry(overrides: Record<string, unknown> = {}) {
  return {
    id: 'GHSA-chx6-hx7r-mcp5',
    aliases: ['CVE-2026-55685'],
    package: '@remix-run/server-runtime',
    installed: '2.17.5',
    tree: 'production',
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

/** An advisory as npm reports it from GitHub's database, by its GHSA id. */
function githubAdvisory(ghsa: string, severity: string, range: string, title: string) {
  return { title, url: `https://github.com/advisories/${ghsa}`, severity, range }
}

/** The committed list's verdict on the report with one more advisory, on package `name`. */
function judgedWith(name: string, via: Record<string, unknown>) {
  return judgeAudit(withAdvisory(name, via), committedList(), TODAY)
}

describe('judging a report', () => {
  it('passes when every high advisory reported is on the list, and says how many it saw', () => {
    const { code, lines } = judgeAudit(report(), committedList(), TODAY)
    expect(code).toBe(0)
    expect(lines.at(-1)).toMatch(/passed: 5 advisory\(ies\) reported, 5 of them accepted/)
  })

  it('fails on a high or critical advisory that is not on the list, naming it', () => {
    for (const severity of ['high', 'critical']) {
      const backtracking = 'path-to-regexp outputs backtracking regular expressions'
      const { code, lines } = judgedWith(
        'path-to-regexp',
        githubAdvisory('GHSA-9wv6-86v2-598j', severity, '<0.1.12', backtracking),
      )
      expect(code, severity).toBe(1)
      expect(lines.join('\n')).toContain(
        `GHSA-9wv6-86v2-598j (${severity}, path-to-regexp) is not accepted`,
      )
    }
  })

  it('notes a moderate or low advisory that is not on the list without failing', () => {
    const outOfBounds = 'cookie accepts cookie name, path, and domain with out of bounds characters'
    const { code, lines } = judgedWith(
      'cookie',
      githubAdvisory('GHSA-pxg6-pf52-xh8x', 'low', '<0.7.0', outOfBounds),
    )
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
    const { code, lines } = judgedWith('left-pad', {
      title: 'an old advisory',
      url: 'https://example.test/1',
      severity: 'critical',
      range: '*',
    })
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

describe('the production tree gates, the development tree is reported on its own', () => {
  it('passes the whole install with every advisory accepted, tar 6.2.1 among them', () => {
    const { code, lines } = judgeAudit(wholeInstallReport(), committedList(), TODAY, 'development')
    expect(code).toBe(0)
    expect(lines.at(-1)).toMatch(
      /^audit \(development tree\): passed: 17 advisory\(ies\) reported, 17 of them accepted/,
    )
  })

  it('fails the production tree on an advisory accepted for the development tree only', () => {
    const { code, lines } = judgeAudit(wholeInstallReport(), committedList(), TODAY, 'production')
    expect(code).toBe(1)
    expect(lines.join('\n')).toContain(
      'GHSA-34x7-hfp2-rc4v (high, tar) is accepted for the development tree only, and the production tree now has it',
    )
    expect(lines.at(-1)).toMatch(/failed: 7 high or critical advisory\(ies\) not accepted/)
  })

  it("takes the exit code from the production tree's verdict and prints the other under its heading", () => {
    const unacceptedInDevelopment = wholeInstallReport()
    unacceptedInDevelopment.vulnerabilities.vite = {
      name: 'vite',
      severity: 'high',
      via: [githubAdvisory('GHSA-fx2h-pf6j-xcff', 'high', '<=6.4.2', 'server.fs.deny bypass')],
    }
    const passed = auditBothTrees(report(), unacceptedInDevelopment, committedList(), TODAY)
    expect(passed.code).toBe(0)
    expect(passed.developmentCode).toBe(1)
    const heading = passed.lines.findIndex((line) => line.startsWith('Development tree'))
    expect(passed.lines[0]).toMatch(/^Production tree \(npm audit --omit=dev/)
    expect(passed.lines.slice(heading)).toContainEqual(
      expect.stringContaining('GHSA-fx2h-pf6j-xcff (high, vite) is not accepted'),
    )

    const failed = auditBothTrees(unacceptedInDevelopment, report(), committedList(), TODAY)
    expect(failed.code).toBe(1)
  })

  it('says a passed review date once, in the production verdict', () => {
    const list = { advisories: [entry({ reviewBy: '2026-11-27' })] }
    const both = auditBothTrees(report(), report(), list, TODAY)
    expect(both.lines.filter((line) => line.includes('was to be reviewed by'))).toEqual([
      'audit: GHSA-chx6-hx7r-mcp5 (@remix-run/server-runtime) was to be reviewed by 2026-11-27: check its reason and guard, then move the date',
    ])
  })
})

describe('the accepted list', () => {
  it('is well formed: every field there, ids and dates of the right form', () => {
    expect(problemsWithList(committedList())).toEqual([])
  })

  // A reason points at the lines it rests on; a file that moved or shrank leaves it pointing at nothing.
  it('cites only files that exist, at lines they have', () => {
    const cited =
      /\b((?:node_modules|app|server|scripts|tests)\/[\w@./-]+\.(?:js|ts|tsx|json)):(\d+)(?:-(\d+))?/g
    const wrong: string[] = []
    let citations = 0
    for (const { id, reason } of committedList().advisories as { id: string; reason: string }[]) {
      for (const [, file, from, to] of reason.matchAll(cited)) {
        citations += 1
        const full = path.join(ROOT, file!)
        const lines = fs.existsSync(full) ? fs.readFileSync(full, 'utf8').split('\n').length : 0
        if (lines < Number(to ?? from)) wrong.push(`${id}: ${file}:${to ?? from} (${lines} lines)`)
      }
    }
    expect(wrong).toEqual([])
    expect(citations).toBeGreaterThan(10)
  })

  it('says GHSA-chx6 covers /__manifest only, and lists the matching on every render as our own', () => {
    const entries = committedList().advisories as { id: string; reason: string }[]
    const byId = new Map(entries.map((e) => [e.id, e]))
    expect(byId.get('GHSA-chx6-hx7r-mcp5')?.reason).toMatch(/^Covers \/__manifest only/)
    expect(byId.get('OWN-2026-01')).toMatchObject({
      tree: 'production',
      guardedBy: 'tests/integration/request-bounds.test.ts',
    })
  })

  it('names what is wrong with an entry', () => {
    const problems = problemsWithList({
      advisories: [
        entry({ id: 'GHSA-1234-abcd-zzzz' }),
        entry({ reviewBy: '2027-02-30' }),
        entry({ id: 'GHSA-rxv8-25v2-qmq8', guardedBy: ' ', status: 'fine', aliases: ['42'] }),
        entry({ id: 'OWN-2026-01', tree: 'image' }),
      ],
    })
    expect(problems).toEqual([
      'GHSA-1234-abcd-zzzz: id is not a GHSA-xxxx-xxxx-xxxx id nor one of our own OWN-YYYY-NN',
      'GHSA-chx6-hx7r-mcp5: reviewBy is not a YYYY-MM-DD date',
      'GHSA-rxv8-25v2-qmq8: aliases must be a list of CVE-YYYY-NNNN ids (it may be empty)',
      'GHSA-rxv8-25v2-qmq8: guardedBy is missing',
      'GHSA-rxv8-25v2-qmq8: status is not one of contained, not reached, fixed by override, patched, not applicable',
      'OWN-2026-01: tree is not one of production, development',
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
