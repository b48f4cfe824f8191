/**
 * The server's start (docs/contracts.md#settings): a missing or malformed setting, a taken port
 * or another Node line than the image's stops it with one line saying which.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { REQUIRED_IN_PRODUCTION } from '../../app/lib/config.server'
import { freePort, productionEnv, ROOT, startServer, UNREACHABLE_URL } from '../support/stack'

describe('settings', () => {
  it.each(REQUIRED_IN_PRODUCTION)(
    'stops at start, with one line naming it, when %s is missing in production',
    async (name) => {
      const env = { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL, [name]: '' }
      const run = spawnSync(process.execPath, ['build/server/index.js'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status, run.stdout + run.stderr).toBe(1)
      expect(run.stderr.trim()).toBe(
        `Invalid configuration: ${name}: required when NODE_ENV=production`,
      )
    },
  )

  it('stops at start, with one line saying so, when its port is taken', async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = taken.address() as net.AddressInfo
      const run = spawn(process.execPath, ['build/server/index.js'], {
        cwd: ROOT,
        env: { ...productionEnv(port), BACKEND_URL: UNREACHABLE_URL },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      run.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
      const exitCode = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => run.kill('SIGKILL'), 30_000)
        run.on('exit', (code) => {
          clearTimeout(timer)
          resolve(code)
        })
      })
      expect(exitCode, stderr).toBe(1)
      const line = stderr.split('\n').find((entry) => entry.includes('"msg":"port unavailable"'))
      expect(JSON.parse(line!)).toMatchObject({ level: 'error', port })
      expect(line).toContain('EADDRINUSE')
    } finally {
      taken.close()
    }
  })

  it("stops at once, with one line naming both, on a Node line other than the image's", async () => {
    // The app's folder as the image has it, but naming another line than the one running.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'other-node-line-'))
    const running = Number(process.versions.node.split('.')[0])
    const other = running - 2
    fs.writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ engines: { node: `${other}.x` } }),
    )
    const run = spawnSync(process.execPath, [path.join(ROOT, 'build/server/index.js')], {
      cwd: folder,
      env: { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL },
      encoding: 'utf8',
      timeout: 30_000,
    })
    fs.rmSync(folder, { recursive: true })
    expect(run.status, run.stdout + run.stderr).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim()).toBe(
      `This server runs on Node ${other} (the Docker image's line), not on Node ${process.versions.node}: start it with Node ${other}.`,
    )
  })

  // The machine's own Node, where it is another line than the image's (Debian's Node 20 here).
  const machineNode = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout?.trim()
  it.skipIf(!machineNode || machineNode === process.version)(
    `refuses to start on the machine's own Node (${machineNode})`,
    async () => {
      const run = spawnSync('/usr/bin/node', ['build/server/index.js'], {
        cwd: ROOT,
        env: { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status, run.stdout + run.stderr).toBe(1)
      expect(run.stderr.trim()).toMatch(
        /^This server runs on Node \d+ \(the Docker image's line\), not on Node /,
      )
    },
  )

  it('names a malformed optional setting', async () => {
    const started = startServer({ BACKEND_URL: UNREACHABLE_URL, CONTACT_RATE_LIMIT: 'five' })
    await expect(started).rejects.toThrow(
      /CONTACT_RATE_LIMIT: CONTACT_RATE_LIMIT must look like MAX\/SECONDS/,
    )
  })
})
