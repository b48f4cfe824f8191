// Preloaded with `--import` (NODE_OPTIONS) by the production smoke test: every file module this
// thread loads, one URL a line, appended to LOADED_MODULES_DIR/<pid>-<thread>.txt as it loads.
// Each thread (the server's and its workers') writes its own file.
import fs from 'node:fs'
import { registerHooks } from 'node:module'
import path from 'node:path'
import { threadId } from 'node:worker_threads'

const file = path.join(process.env.LOADED_MODULES_DIR ?? '.', `${process.pid}-${threadId}.txt`)
const seen = new Set()

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && !seen.has(url)) {
      seen.add(url)
      fs.appendFileSync(file, `${url}\n`)
    }
    return nextLoad(url, context)
  },
})
