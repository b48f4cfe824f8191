// `npm run audit`: npm's advisories held against the list of those we accept
// (docs/accepted-advisories.json). The gate is the production tree (`npm audit --omit=dev`, what
// the image carries): it fails on a high or critical advisory not accepted for that tree and on an
// accepted one whose review date has passed; a moderate or low one is printed, not fatal. The
// development tree (the whole install) is then reported on its own, under its own heading: what
// it finds is printed and does not change the exit code.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

export const ACCEPTED_LIST_PATH = path.resolve(
  import.meta.dirname,
  '../docs/accepted-advisories.json',
)

const BLOCKING_SEVERITIES = new Set(['high', 'critical'])
const SEVERITIES = new Set(['critical', 'high', 'moderate', 'low', 'info'])
const STATUSES = new Set([
  'contained',
  'not reached',
  'fixed by override',
  'patched',
  'not applicable',
])
/** GitHub's advisory ids: three groups of four from an alphabet without look-alike characters. */
const GHSA_ID = /^GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}$/
const GHSA_IN_URL = /GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}/
const CVE_ID = /^CVE-\d{4}-\d{4,}$/
/** Our own findings, which no advisory database carries: OWN-<year>-<number>. */
const OWN_ID = /^OWN-\d{4}-\d{2,}$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const TEXT_FIELDS = ['package', 'installed', 'reason', 'guardedBy']
/** Which install an entry's package is in: the image's, or only the developers'. */
export const TREES = ['production', 'development']

/**
 * @typedef {{ id: string, aliases: string[], package: string, installed: string, tree: string,
 *   severity: string, status: string, reason: string, guardedBy: string, reviewBy: string }} Accepted
 * @typedef {{ id: string, title: string, severity: string, packages: string[] }} Reported
 */

/** Whether a `YYYY-MM-DD` string names a day that exists. */
function isCalendarDate(text) {
  if (typeof text !== 'string' || !ISO_DATE.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/**
 * What is wrong with the accepted list, one line each; empty when every entry is well formed.
 * Dates are checked for form only: the calendar passing one is the audit's business, not this.
 * @returns {string[]}
 */
export function problemsWithList(list) {
  const entries = list?.advisories
  if (!Array.isArray(entries)) return ['the list has no "advisories" array']
  const problems = []
  const seen = new Set()
  entries.forEach((entry, index) => {
    const name = typeof entry?.id === 'string' ? entry.id : `entry ${index}`
    const problem = (text) => problems.push(`${name}: ${text}`)
    if (!GHSA_ID.test(entry?.id ?? '') && !OWN_ID.test(entry?.id ?? '')) {
      problem('id is not a GHSA-xxxx-xxxx-xxxx id nor one of our own OWN-YYYY-NN')
    }
    if (seen.has(entry?.id)) problem('listed twice')
    seen.add(entry?.id)
    if (!Array.isArray(entry?.aliases) || !entry.aliases.every((alias) => CVE_ID.test(alias))) {
      problem('aliases must be a list of CVE-YYYY-NNNN ids (it may be empty)')
    }
    for (const field of TEXT_FIELDS) {
      if (typeof entry?.[field] !== 'string' || entry[field].trim() === '') {
        problem(`${field} is missing`)
      }
    }
    if (!/^\d+\.\d+\.\d+/.test(entry?.installed ?? '')) problem('installed is not a version')
    if (!TREES.includes(entry?.tree)) problem(`tree is not one of ${TREES.join(', ')}`)
    if (!SEVERITIES.has(entry?.severity)) problem(`severity is not one of ${[...SEVERITIES]}`)
    if (!STATUSES.has(entry?.status)) problem(`status is not one of ${[...STATUSES].join(', ')}`)
    if (!isCalendarDate(entry?.reviewBy)) problem('reviewBy is not a YYYY-MM-DD date')
  })
  return problems
}

/** The GHSA id in an advisory's address, e.g. `https://github.com/advisories/GHSA-…`. */
export function ghsaIdOf(advisoryUrl) {
  return typeof advisoryUrl === 'string' ? (GHSA_IN_URL.exec(advisoryUrl)?.[0] ?? null) : null
}

/**
 * Every advisory in an `npm audit --json` report (format 2), once each, with the packages it names.
 * A `via` string only names another vulnerable package, whose own entry carries the advisory.
 * @returns {Reported[]}
 */
export function reportedAdvisories(report) {
  /** @type {Map<string, Reported>} */
  const byId = new Map()
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability?.via ?? []) {
      if (typeof via !== 'object' || via === null) continue
      const id = ghsaIdOf(via.url) ?? `npm advisory ${via.source ?? via.url ?? via.title}`
      const known = byId.get(id)
      const packageName = String(via.name ?? vulnerability.name)
      if (known) {
        if (!known.packages.includes(packageName)) known.packages.push(packageName)
        continue
      }
      byId.set(id, {
        id,
        title: String(via.title ?? ''),
        severity: String(via.severity ?? vulnerability.severity ?? 'unknown'),
        packages: [packageName],
      })
    }
  }
  return [...byId.values()]
}

/** Why a report holds no findings: npm's own message when it gave one. */
function whyNoReport(report) {
  if (report === null || typeof report !== 'object') return 'npm printed no JSON report'
  const status = typeof report.statusCode === 'number' ? `HTTP ${report.statusCode}` : null
  const summary = report.error?.summary || report.error?.code || null
  return [status, summary].filter(Boolean).join(', ') || 'the report has no "vulnerabilities"'
}

/**
 * The verdict on one audit: 0 when nothing blocks, 1 when something does (each printed), 2 when
 * npm could not audit at all. Pure: the report, the list and the day are given.
 * For the production tree only the entries accepted for it count, and the review dates are
 * checked; for the development tree (the whole install) every entry counts, and the dates are left
 * to the production verdict, so that each is said once.
 * @param {unknown} report what `npm audit --json` printed, parsed (null when it was not JSON)
 * @param {{ advisories: Accepted[] }} list the accepted list
 * @param {string} today `YYYY-MM-DD`
 * @param {'production' | 'development'} tree which install the report is of
 * @returns {{ code: 0 | 1 | 2, lines: string[] }}
 */
export function judgeAudit(report, list, today, tree = 'production') {
  const prefix = tree === 'production' ? 'audit:' : 'audit (development tree):'
  const listProblems = problemsWithList(list)
  if (listProblems.length > 0) {
    return {
      code: 1,
      lines: [
        `${prefix} the accepted list is not well formed:`,
        ...listProblems.map((p) => `  ${p}`),
      ],
    }
  }
  if (
    report === null ||
    typeof report !== 'object' ||
    typeof report.vulnerabilities !== 'object' ||
    report.vulnerabilities === null
  ) {
    return {
      code: 2,
      lines: [
        `${prefix} npm audit could not be run here (${whyNoReport(report)}); run \`npm run audit\` where npm's audit service answers: a developer's own machine or an outside CI.`,
      ],
    }
  }

  const entries =
    tree === 'production'
      ? list.advisories.filter((entry) => entry.tree === 'production')
      : list.advisories
  const accepted = new Map(entries.map((entry) => [entry.id, entry]))
  const developmentOnly = new Set(
    list.advisories.filter((entry) => entry.tree !== 'production').map((entry) => entry.id),
  )
  const reported = reportedAdvisories(report)
  const unaccepted = reported.filter(
    (advisory) => BLOCKING_SEVERITIES.has(advisory.severity) && !accepted.has(advisory.id),
  )
  const overdue =
    tree === 'production' ? list.advisories.filter((entry) => entry.reviewBy < today) : []
  const lines = []
  for (const advisory of unaccepted) {
    const why = developmentOnly.has(advisory.id)
      ? 'is accepted for the development tree only, and the production tree now has it'
      : 'is not accepted'
    lines.push(
      `${prefix} ${advisory.id} (${advisory.severity}, ${advisory.packages.join(', ')}) ${why}: ${advisory.title}`,
    )
  }
  for (const entry of overdue) {
    lines.push(
      `${prefix} ${entry.id} (${entry.package}) was to be reviewed by ${entry.reviewBy}: check its reason and guard, then move the date`,
    )
  }
  const minor = reported.filter(
    (advisory) => !BLOCKING_SEVERITIES.has(advisory.severity) && !accepted.has(advisory.id),
  )
  for (const advisory of minor) {
    lines.push(
      `${prefix} note: ${advisory.id} (${advisory.severity}, ${advisory.packages.join(', ')}) is not on the list: ${advisory.title}`,
    )
  }
  if (unaccepted.length > 0 || overdue.length > 0) {
    lines.push(
      `${prefix} failed: ${unaccepted.length} high or critical advisory(ies) not accepted, ${overdue.length} accepted one(s) past review (list: docs/accepted-advisories.json)`,
    )
    return { code: 1, lines }
  }
  const acceptedSeen = reported.filter((advisory) => accepted.has(advisory.id)).length
  const nextReview = list.advisories.map((entry) => entry.reviewBy).sort()[0] ?? 'none'
  const review = tree === 'production' ? `; next review ${nextReview}` : ''
  lines.push(
    `${prefix} passed: ${reported.length} advisory(ies) reported, ${acceptedSeen} of them accepted, none high or critical outside the list${review}`,
  )
  return { code: 0, lines }
}

/** `npm <args>` run in the project's folder: its standard output parsed as JSON, or null. */
export function npmJson(args) {
  const npm = spawnSync('npm', args, {
    cwd: path.resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  try {
    return JSON.parse(npm.stdout)
  } catch {
    return null
  }
}

/**
 * What `npm audit --json` prints, parsed (null when it printed no JSON). `omitDev` audits the
 * production tree only, as the image installs it.
 */
export function runNpmAudit({ omitDev }) {
  return npmJson(['audit', '--json', ...(omitDev ? ['--omit=dev'] : [])])
}

/**
 * Both verdicts as `npm run audit` prints them: the production tree's, which sets the exit code,
 * then the development tree's under its own heading.
 */
export function auditBothTrees(production, development, list, today) {
  const gate = judgeAudit(production, list, today, 'production')
  const report = judgeAudit(development, list, today, 'development')
  const lines = [
    'Production tree (npm audit --omit=dev: what the image carries; this decides the exit code):',
    ...gate.lines,
    'Development tree (npm audit: the whole install; reported, not gating):',
    ...report.lines,
  ]
  return { code: gate.code, lines, developmentCode: report.code }
}

if (process.argv[1] && url.pathToFileURL(process.argv[1]).href === import.meta.url) {
  const list = JSON.parse(fs.readFileSync(ACCEPTED_LIST_PATH, 'utf8'))
  const today = new Date().toISOString().slice(0, 10)
  const { code, lines } = auditBothTrees(
    runNpmAudit({ omitDev: true }),
    runNpmAudit({ omitDev: false }),
    list,
    today,
  )
  for (const line of lines) (code === 0 ? console.log : console.error)(line)
  process.exit(code)
}
