import http from 'node:http'

import type { AppEntry } from './app-entry'

/**
 * Serves `GET /metrics` on a port of its own, never the public one: what the metrics reveal
 * (traffic, failures, memory) is for the operators' network only.
 */
export function startMetricsServer(
  host: string,
  port: number,
  metricsText: AppEntry['metricsText'],
): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
      return
    }
    try {
      const { contentType, body } = await metricsText()
      res.writeHead(200, { 'content-type': contentType }).end(body)
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
