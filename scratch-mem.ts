import fs from 'node:fs'
import { freePort, startStack } from './tests/support/stack'
const metricsPort = await freePort()
const stack = await startStack({ METRICS_PORT: String(metricsPort), NODE_OPTIONS: process.env.NO ?? '--max-old-space-size=192', LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', UV_THREADPOOL_SIZE: '4', BACKEND_TIMEOUT_MS: '60000', ...(process.env.MC ? { MALLOC_CONF: process.env.MC } : {}) }, { root: '/work/blog-after2' })
await stack.mock.setState({ posts: 'generated', generatedPosts: 2000 })
const pid = stack.server.process.pid
const mem = async (label: string) => {
  const st = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const m = (f: string) => Math.round(Number(new RegExp(f + ':\\s+(\\d+)').exec(st)![1]) / 1024)
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const g = (n: string) => Math.round(Number(text.split('\n').find((l) => l.startsWith(n + ' '))?.split(' ')[1]) / 1e6)
  console.log(label, 'RSS', m('VmRSS'), 'HWM', m('VmHWM'), 'heapUsed', g('nodejs_heap_size_used_bytes'), 'heapTotal', g('nodejs_heap_size_total_bytes'), 'external', g('nodejs_external_memory_bytes'))
}
await mem('start')
await (await fetch(`${stack.baseUrl}/blog`)).text(); await mem('after /blog')
await (await fetch(`${stack.baseUrl}/blog?q=voice`)).text(); await mem('after search')
for (let i = 0; i < 200; i++) await (await fetch(`${stack.baseUrl}/blog/generated-post-${i}`)).text()
await mem('after 200 posts')
await new Promise((r) => setTimeout(r, 8000)); await mem('worker ended')
await stack.stop()
