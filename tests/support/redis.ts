import { spawn } from 'node:child_process'

import { spawnListening } from './stack'

/** A throwaway redis-server on loopback, without persistence. */
export async function startRedis() {
  const { child, port, exited } = await spawnListening(
    (port) =>
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    'Ready to accept connections',
  )
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
