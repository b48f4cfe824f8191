import path from 'node:path'

import { defineConfig } from 'vitest/config'

const alias = { '~': path.resolve(import.meta.dirname, 'app') }

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
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own production server and mock backend on free ports.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
})
