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

/** Imports across a boundary, by what the lint's message says, each as written in that file. */
const REFUSED: Record<string, [file: string, code: string][]> = {
  'load context': [
    ['app/routes/x.tsx', "import { createPageCache } from '../../server/page-cache'"],
  ],
  'app/lib holds only': [['app/lib/x.ts', "import { getPosts } from '~/blog/posts.server'"]],
  'own home': [
    ['app/blog/x.ts', "import { spamReason } from '~/enquiry/spam.server'"],
    ['app/consent/x.ts', "import { BLOG_COPY } from '~/blog/copy'"],
  ],
  'post images': [['app/images/x.ts', "import { getPosts } from '~/blog/posts.server'"]],
  'nothing imports a route': [
    ['app/components/x.tsx', "import { loader } from '~/routes/blog._index'"],
  ],
  'only types': [
    ['server/x.ts', "import { spamReason } from '../app/enquiry/spam.server'"],
    ['server/x.ts', "import { log } from '../app/lib/log.server'"],
    ['server/x.ts', "import { metrics } from '~/lib/metrics.server'"],
    ['server.ts', "import { getConfig } from './app/lib/config.server'"],
    ['server.ts', "import { defaultSanitizer } from './app/blog/sanitizer.server'"],
    ['server.ts', "const { log } = await import('./app/lib/log.server')"],
  ],
}

/** `code` and a use of the name it brings in, so that the import is not unused. */
function using(code: string) {
  return `${code}\nexport const used = [${code.split(' ')[2]}]`
}

describe('the lint refuses an import across a boundary', () => {
  it.each(
    Object.entries(REFUSED).flatMap(([reason, imports]) =>
      imports.map(([file, code]) => [file, code, reason]),
    ),
  )('%s: %s', async (file, code, reason) => {
    const errors = await boundaryErrors(file, using(code))
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
    expect(await boundaryErrors(file, using(code))).toEqual([])
  })

  it.each([
    ['server/x.ts', "import type { AnalyticsSettings } from '../app/lib/config.server'"],
    ['server.ts', "import type * as EntryModule from './app/entry.server'"],
  ])('and lets %s take only a type: %s', async (file, code) => {
    const name = code.split(' ').at(-3)
    expect(await boundaryErrors(file, `${code}\nexport type Used = ${name}`)).toEqual([])
  })
})
