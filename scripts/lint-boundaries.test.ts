/**
 * The lint holds the boundaries docs/architecture.md draws: each forbidden import below fails it
 * with the boundaries rule, and the allowed ones pass.
 */
import path from 'node:path'

import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: ROOT })

/** The rules that hold the boundaries. */
const BOUNDARY_RULES = [
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-syntax',
]

/** The boundary messages the lint gives `code`, as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) })
  return result!.messages
    .filter((message) => BOUNDARY_RULES.includes(message.ruleId ?? ''))
    .map((message) => message.message)
}

// Loading the config, its plugins and the TypeScript resolver is the first lint's, not any case's:
// on a busy machine it alone can take longer than a test may.
beforeAll(async () => {
  await boundaryErrors('app/lib/x.ts', '')
}, 60_000)

describe('the lint refuses an import across a boundary', () => {
  it.each([
    [
      'app/routes/x.tsx',
      "import { createPageCache } from '../../server/page-cache'",
      'load context',
    ],
    ['app/lib/x.ts', "import { getPosts } from '~/blog/posts.server'", 'app/lib holds only'],
    ['app/blog/x.ts', "import { spamReason } from '~/enquiry/spam.server'", 'own home'],
    ['app/consent/x.ts', "import { BLOG_COPY } from '~/blog/copy'", 'own home'],
    ['app/images/x.ts', "import { getPosts } from '~/blog/posts.server'", 'post images'],
    [
      'app/components/x.tsx',
      "import { loader } from '~/routes/blog._index'",
      'nothing imports a route',
    ],
    ['server/x.ts', "import { spamReason } from '../app/enquiry/spam.server'", 'only types'],
    ['server/x.ts', "import { log } from '../app/lib/log.server'", 'only types'],
    ['server/x.ts', "import { metrics } from '~/lib/metrics.server'", 'only types'],
    ['server.ts', "import { getConfig } from './app/lib/config.server'", 'only types'],
    ['server.ts', "import { defaultSanitizer } from './app/blog/sanitizer.server'", 'only types'],
    ['server.ts', "const { log } = await import('./app/lib/log.server')", 'only types'],
  ])('%s: %s', async (file, code, reason) => {
    const errors = await boundaryErrors(
      file,
      `${code}\nexport const used = [${code.split(' ')[2]}]`,
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(reason)
  })

  it.each([
    ['server/x.ts', "import { appEntryOf } from './app-entry'"],
    ['app/blog/x.ts', "import { log } from '~/lib/log.server'"],
    ['app/routes/x.tsx', "import { getPosts } from '~/blog/posts.server'"],
    ['app/blog/x.ts', "import { siteImage } from '~/images/sources.server'"],
    ['app/blog/x.test.ts', "import { hostilePosts } from '../../mocks/fixtures/posts'"],
  ])('and lets %s take %s', async (file, code) => {
    expect(
      await boundaryErrors(file, `${code}\nexport const used = [${code.split(' ')[2]}]`),
    ).toEqual([])
  })

  it.each([
    ['server/x.ts', "import type { AnalyticsSettings } from '../app/lib/config.server'"],
    ['server.ts', "import type * as EntryModule from './app/entry.server'"],
  ])('and lets %s take only a type: %s', async (file, code) => {
    const name = code.split(' ').at(-3)
    expect(await boundaryErrors(file, `${code}\nexport type Used = ${name}`)).toEqual([])
  })
})
