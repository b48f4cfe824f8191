/**
 * renovate.json groups what must move together: the framework's exact pins with the overrides
 * that lift its dependencies and the packages patches/ corrects; the Node image with engines.
 * This fails when a pin, an override or a patch is added that the framework's group does not take.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))

type Rule = {
  groupName?: string
  matchPackageNames?: string[]
  matchUpdateTypes?: string[]
  enabled?: boolean
}
const config = readJson('renovate.json') as {
  schedule: string[]
  vulnerabilityAlerts: { enabled: boolean }
  packageRules: Rule[]
}
const pkg = readJson('package.json') as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  overrides: Record<string, unknown>
}

/** Renovate's matchPackageNames: an exact name, or a `/regex/`. */
function matches(rule: Rule, name: string) {
  return (rule.matchPackageNames ?? []).some((pattern) => {
    const regex = /^\/(.*)\/$/.exec(pattern)
    return regex ? new RegExp(regex[1]!).test(name) : pattern === name
  })
}

const groupOf = (name: string) =>
  config.packageRules
    .filter((rule) => rule.groupName && matches(rule, name))
    .map((r) => r.groupName)

describe('renovate.json', () => {
  it("puts the framework's pins, the overrides that lift its dependencies and the patched packages in one group", () => {
    const framework = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) =>
      name.startsWith('@remix-run/'),
    )
    const lifted = Object.keys(pkg.overrides).filter(
      (name) => name.startsWith('@remix-run/') || name.startsWith('react-router'),
    )
    const patched = fs
      .readdirSync(path.join(ROOT, 'patches'))
      .map((file) => /^(.+)\+[^+]+\.patch$/.exec(file)![1]!.replace('+', '/'))
    const together = [...framework, ...lifted, ...patched]
    expect(lifted).toEqual(['react-router', 'react-router-dom', '@remix-run/router'])
    expect(patched.sort()).toEqual(['@remix-run/react', 'turbo-stream'])
    expect(new Set(together.map((name) => String(groupOf(name))))).toEqual(
      new Set(['Remix 2 framework, its overrides and its patches']),
    )
    expect(groupOf('react')).toEqual([])
  })

  it('groups the Node image with engines and @types/node, and never proposes a new major', () => {
    expect(groupOf('node')).toEqual(groupOf('@types/node'))
    expect(String(groupOf('node'))).toMatch(/Node 24.*Docker image, engines/)
    const majors = config.packageRules.find(
      (rule) => matches(rule, 'node') && rule.matchUpdateTypes?.includes('major'),
    )
    expect(majors?.enabled).toBe(false)
  })

  it('runs weekly, with vulnerability alerts on', () => {
    expect(config.schedule).toEqual(['before 6am on monday'])
    expect(config.vulnerabilityAlerts.enabled).toBe(true)
  })
})
