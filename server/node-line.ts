/**
 * The server runs on the Node line the Docker image runs, and no other: on Node 20 it once started,
 * answered /healthz and showed every post without its content (the sanitiser needs Node 22 or
 * later). server.ts checks first, so a start on another line ends at once with one line.
 */
import fs from 'node:fs'
import path from 'node:path'

/** The major version package.json's `engines` names (`"24.x"` → 24), from the app's folder. */
export function requiredNodeMajor(packageJson = path.resolve('package.json')): number {
  const { engines } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as {
    engines?: { node?: string }
  }
  const major = /^(\d+)\.x$/.exec(engines?.node ?? '')?.[1]
  if (!major) throw new Error(`${packageJson} must name one Node line in engines, e.g. "24.x"`)
  return Number(major)
}

/** Ends the process with one line naming both versions when this Node is not of that line. */
export function refuseOtherNodeLines() {
  const required = requiredNodeMajor()
  if (process.versions.node.split('.')[0] === String(required)) return
  console.error(
    `This server runs on Node ${required} (the Docker image's line), not on Node ${process.versions.node}: start it with Node ${required}.`,
  )
  process.exit(1)
}
