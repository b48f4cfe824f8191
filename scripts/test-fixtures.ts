// What the scripts' tests read: the checkout's root and the JSON fixtures beside them.
import fs from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..')
export const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'))
/** A file of `scripts/fixtures/`, parsed. */
export const fixture = (name: string) => readJson(path.join(import.meta.dirname, 'fixtures', name))
