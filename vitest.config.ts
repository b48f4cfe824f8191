import path from 'node:path'

import { defineConfig } from 'vitest/config'

import { integrationTiers } from './scripts/test-tiers.js'

const alias = { '~': path.resolve(import.meta.dirname, 'app') }

// `npm test` runs the integration files that need only Node and the mock backend; a file that
// starts Redis, HAProxy, nginx, Java, the image's replay or `npm run dev` runs in
// `npm run validate` (scripts/test-tiers.js tells them apart by their imports).
const tiers = integrationTiers()
const integration = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each file starts its own production server and mock backend on free ports.
  fileParallelism: true,
  maxWorkers: 2,
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.{ts,tsx}',
            'mocks/**/*.test.ts',
            'scripts/**/*.test.ts',
            'server/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: { name: 'integration', include: tiers.everyday, ...integration },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-validate',
          include: tiers.validate.map(({ file }) => file),
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          include: ['tests/load/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A server under load is timed: nothing else may share the machine's two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
