import { spawn } from 'node:child_process'
import net from 'node:net'

import { freePort } from './stack'

/** A throwaway redis-server on loopback, without persistence. */
export async function startRedis() {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  )
  const deadline = Date.now() + 10_000
  for (;;) {
    const isUp = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (isUp) break
    if (Date.now() > deadline) throw new Error('redis-server did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
