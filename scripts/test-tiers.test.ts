import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { integrationTiers, VALIDATE_ONLY } from './test-tiers.js'

const ROOT = path.resolve(import.meta.dirname, '..')

/** A checkout holding only the given files, to sort. */
function checkout(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tiers-'))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

const roots: string[] = []
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})

describe('the tier of an integration test file', () => {
  it('is validate when it reaches a module that starts more than Node, through any imports', () => {
    const root = checkout({
      'tests/support/stack.ts': "export const ROOT = ''\n",
      'tests/support/nginx.ts': "import { ROOT } from './stack'\n",
      'tests/support/redis.ts': "import { ROOT } from './stack'\n",
      'tests/support/cache-pair.ts': "export { startNginx } from './nginx'\n",
      'tests/integration/request-bounds.test.ts': "import { ROOT } from '../support/stack'\n",
      'tests/integration/edge/cache.test.ts': "import { x } from '../../support/cache-pair.ts'\n",
      'tests/integration/outage.test.ts':
        "import type { R } from '../support/stack'\nconst redis = await import('../support/redis.js')\n",
    })
    roots.push(root)
    expect(integrationTiers(root)).toEqual({
      everyday: ['tests/integration/request-bounds.test.ts'],
      validate: [
        { file: 'tests/integration/edge/cache.test.ts', needs: ['nginx'] },
        { file: 'tests/integration/outage.test.ts', needs: ['Redis'] },
      ],
    })
  })

  it('names modules that exist, and puts every file of this checkout in one tier', () => {
    for (const file of Object.keys(VALIDATE_ONLY))
      expect(fs.existsSync(path.join(ROOT, file))).toBe(true)
    const { everyday, validate } = integrationTiers()
    const all = fs
      .readdirSync(path.join(ROOT, 'tests/integration'))
      .filter((f) => f.endsWith('.test.ts'))
    expect(everyday.length + validate.length).toBe(all.length)
    expect(validate.map(({ file }) => file)).toContain('tests/integration/shared-cache.test.ts')
    expect(everyday).toContain('tests/integration/contact.test.ts')
  })
})
