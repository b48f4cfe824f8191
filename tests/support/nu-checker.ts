/**
 * The W3C Nu Html Checker (npm `vnu-jar`), run on Java like the public validator at
 * validator.w3.org/nu. Starting its JVM takes seconds, so every page of a test goes through one run.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { validateTierOnly } from './tier'

const require = createRequire(import.meta.url)
const VNU_JAR = String(require('vnu-jar'))

export type CheckedPage = { name: string; html: string }

/** An error the checker reports, readable on its own: which page, where, what. */
export type NuError = { page: string; line?: number; message: string; extract?: string }

type NuMessage = {
  type: 'error' | 'info' | 'non-document-error'
  url?: string
  lastLine?: number
  message: string
  extract?: string
}

/** Checks every page in one run of the checker and returns its errors (warnings are left out). */
export async function nuErrors(pages: readonly CheckedPage[]): Promise<NuError[]> {
  validateTierOnly('The W3C HTML checker (Java)')
  const folder = await mkdtemp(path.join(tmpdir(), 'nu-checker-'))
  try {
    const files = await Promise.all(
      pages.map(async (page, index) => {
        const file = path.join(folder, `page-${index}.html`)
        await writeFile(file, page.html)
        return file
      }),
    )
    // The checker names a file by URL (file:/tmp/...): its path leads back to the page.
    const pageOf = (url = '') => pages[files.indexOf(new URL(url, 'file:').pathname)]?.name
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    // The checker writes its JSON report to standard error.
    const report = JSON.parse(stderr || stdout) as { messages: NuMessage[] }
    return report.messages
      .filter((message) => message.type !== 'info')
      .map((message) => ({
        page: pageOf(message.url) ?? message.url ?? '(no page)',
        line: message.lastLine,
        message: message.message,
        extract: message.extract,
      }))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
