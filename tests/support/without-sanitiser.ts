/**
 * A folder to start the production server from (`startStack(env, { root })`) whose post sanitiser
 * lets everything through: the server finds its worker at build/server/sanitize-worker.js under
 * the folder it runs in, and here that is `pass-through-sanitize-worker.js`. The
 * Remix build, the server and the public files are links to this checkout's, so the server is the
 * one `npm run build` made in every other respect.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ROOT } from './stack'

const LINKS: Record<string, string> = {
  'build/index.js': path.join(ROOT, 'build/index.js'),
  'build/version.txt': path.join(ROOT, 'build/version.txt'),
  'build/server/index.js': path.join(ROOT, 'build/server/index.js'),
  'build/server/sanitize-worker.js': path.join(
    import.meta.dirname,
    'pass-through-sanitize-worker.js',
  ),
  public: path.join(ROOT, 'public'),
  // As in the image: the server reads the Node line it runs on from package.json's engines.
  'package.json': path.join(ROOT, 'package.json'),
}

/** Makes the folder; `remove` deletes it (the links only, never what they point to). */
export function withoutSanitiser(): { root: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'without-sanitiser-'))
  for (const [name, target] of Object.entries(LINKS)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    fs.symlinkSync(target, path.join(root, name))
  }
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) }
}
