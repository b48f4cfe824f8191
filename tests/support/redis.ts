import { spawn } from 'node:child_process'

import { spawnListening } from './stack'
import { validateTierOnly } from './tier'

/**
 * A throwaway redis-server on loopback, without persistence; on `port` when given (the same Redis
 * back after a crash). `pause` stops it answering while its connections stay open (a stalled
 * Redis), `resume` lets it go on, `kill` ends it at once (a crash).
 */
export async function startRedis(port?: number) {
  validateTierOnly('Redis')
  const {
    child,
    port: listening,
    exited,
  } = await spawnListening(
    (port) =>
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    'Ready to accept connections',
    port,
  )
  return {
    url: `redis://127.0.0.1:${listening}`,
    port: listening,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGCONT')
      child.kill('SIGTERM')
      await exited
    },
  }
}
