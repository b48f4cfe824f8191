// `node scripts/on-image-node.js tsx scripts/turbo-stream-fixtures.ts`: writes the bytes turbo-stream
// 2.4.1 encodes for each value of server/turbo-stream-fixtures/values.ts. Only the unpatched
// package may write them (`npx patch-package --reverse` first, `npx patch-package` after): the
// patched encoder is tested against them.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { encode as encodeEsm } from 'turbo-stream'

import { ENCODE_FIXTURES, encodeFixture } from '../server/turbo-stream-fixtures/values'

const FOLDER = path.join(import.meta.dirname, '../server/turbo-stream-fixtures')
const require = createRequire(import.meta.url)
const { encode: encodeCjs } = require('turbo-stream') as { encode: typeof encodeEsm }

const flattenSource = fs.readFileSync(
  path.join(path.dirname(require.resolve('turbo-stream')), 'flatten.js'),
  'utf8',
)
if (flattenSource.includes('CVE-2026-34077')) {
  console.error('turbo-stream is patched: run `npx patch-package --reverse` first')
  process.exit(1)
}

for (const [name, fixture] of Object.entries(ENCODE_FIXTURES)) {
  const [esm, cjs] = [
    await encodeFixture(encodeEsm, fixture),
    await encodeFixture(encodeCjs, fixture),
  ]
  if (esm !== cjs) throw new Error(`${name}: the ESM and CommonJS builds disagree`)
  fs.writeFileSync(path.join(FOLDER, `${name}.stream`), esm)
  console.log(`${name}.stream ${esm.length} characters`)
}
