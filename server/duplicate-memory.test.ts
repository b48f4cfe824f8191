import { describe, expect, it } from 'vitest'

import { createDuplicateMemory } from './duplicate-memory'

const options = { windowS: 600, pendingMs: 2000, prefix: 'test:', log: () => undefined }

describe('the in-process duplicate memory', () => {
  it('calls an enquiry forwarded before a duplicate, and one that failed not', async () => {
    const memory = createDuplicateMemory(options)
    const first = await memory.claim('a')
    expect(first.status).toBe('claimed')
    if (first.status === 'claimed') await first.settle(false)
    const retry = await memory.claim('a')
    expect(retry.status).toBe('claimed')
    if (retry.status === 'claimed') await retry.settle(true)
    expect((await memory.claim('a')).status).toBe('duplicate')
    expect((await memory.claim('b')).status).toBe('claimed')
    await memory.close()
  })

  it('makes an identical enquiry wait for the one in flight', async () => {
    const memory = createDuplicateMemory(options)
    const first = await memory.claim('a')
    const second = memory.claim('a')
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (first.status === 'claimed') await first.settle(true)
    expect((await second).status).toBe('duplicate')
    await memory.close()
  })

  it('forgets after the window', async () => {
    const memory = createDuplicateMemory({ ...options, windowS: 0.05 })
    const first = await memory.claim('a')
    if (first.status === 'claimed') await first.settle(true)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect((await memory.claim('a')).status).toBe('claimed')
    await memory.close()
  })
})
