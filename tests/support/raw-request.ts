/**
 * A request as a stranger may send it, which `fetch` refuses to make: any method (TRACE), any
 * path (malformed percent-encoding, a path of thousands of characters), any headers or body.
 */
import http from 'node:http'

export type RawAnswer = {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** from the request sent to the answer read whole, in milliseconds */
  ms: number
}

export type RawRequest = {
  method?: string
  path: string
  headers?: Record<string, string>
  /** sent with Content-Length, or chunked when `chunked` is set */
  body?: string | Buffer
  chunked?: boolean
}

export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const sent = http.request(
      {
        host: hostname,
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          ...(request.body !== undefined && !request.chunked
            ? { 'content-length': String(Buffer.byteLength(request.body)) }
            : {}),
          ...request.headers,
        },
        agent: false,
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            ms: performance.now() - started,
          }),
        )
        response.on('error', reject)
      },
    )
    sent.on('error', reject)
    if (request.chunked) sent.setHeader('Transfer-Encoding', 'chunked')
    if (request.body !== undefined) sent.end(request.body)
    else sent.end()
  })
}
