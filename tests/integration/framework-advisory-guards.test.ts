/**
 * Remix 2 gets no more fixes. These are the conditions under which its unfixed advisories stay out
 * of reach of this site (docs/accepted-advisories.json names each one's guard), checked against
 * the production server: a test here fails on the day the site starts to reach one.
 */
import http from 'node:http'

import { decode } from 'turbo-stream'
import { describe, expect, it } from 'vitest'

import { uniqueEnquiry } from '../support/enquiry'
import { dataUrl } from '../support/remix-data'
import { startStack } from '../support/stack'
import { startedForTests } from '../support/started-for-tests'

const stack = startedForTests(() => startStack({ CONTACT_RATE_LIMIT: '1000/60' }))

const FOREIGN_ORIGIN = 'https://evil.example'

/** A GET sent byte for byte: fetch() would turn a backslash into a slash before sending. */
function rawGet(path: string): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(stack().baseUrl)
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
      )
    })
    request.on('error', reject)
  })
}

/** The address of a path's data, the path kept byte for byte (`dataUrl` would resolve `//host`). */
function dataPathOfRaw(path: string) {
  const [pathname = '/', query] = path.split('?')
  const data = pathname === '/' ? '/_root.data' : `${pathname.replace(/\/$/, '')}.data`
  return query === undefined ? data : `${data}?${query}`
}

/** Where a Location header or a data redirect would take a browser on this page. */
function leavesTheSite(target: string, from: string) {
  const site = new URL(stack().baseUrl)
  const resolved = new URL(target, `${site.origin}${from}`)
  return resolved.origin !== site.origin || /^[/\\]{2}/.test(target) || target.includes('\\')
}

/** Every SingleFetchRedirect target and SanitizedError in a `.data` answer, as the browser reads them. */
async function readDataAnswer(body: string) {
  const redirects: string[] = []
  const errors: { name: unknown; message: unknown; stack: unknown }[] = []
  const stream = new Response(body).body!
  const decoded = await decode(stream, {
    plugins: [
      (type: string, ...values: unknown[]) => {
        if (type === 'SingleFetchRedirect') {
          redirects.push(String(values[0]))
          return { value: null }
        }
        if (type === 'SanitizedError') {
          const [name, message, stack] = values
          errors.push({ name, message, stack })
          return { value: null }
        }
        if (type === 'ErrorResponse') return { value: null }
        return undefined
      },
    ],
  })
  await decoded.done
  return { redirects, errors }
}

type SerializedError = {
  __type?: string
  __subType?: unknown
  stack?: unknown
  error?: SerializedError
}

/**
 * The route errors a page hands to hydration: with single fetch, its state is a turbo-stream sent
 * in `streamController.enqueue("…")` scripts, and `errors` holds what Remix's serializeErrors wrote.
 */
async function readDocumentErrors(html: string): Promise<SerializedError[]> {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  )
  if (chunks.length === 0) return []
  const decoded = await decode(new Response(chunks.join('')).body!, {
    plugins: [
      (type: string, ...values: unknown[]) =>
        type === 'SanitizedError'
          ? {
              value: {
                __type: 'Error',
                __subType: values[0] === 'Error' ? undefined : values[0],
                stack: values[2],
              },
            }
          : undefined,
    ],
  })
  await decoded.done
  const state = decoded.value as { errors?: Record<string, SerializedError> | null }
  return Object.values(state.errors ?? {})
}

describe("the enquiry's Origin check", () => {
  it("refuses PUT, PATCH and DELETE from a foreign Origin on the form's addresses, and forwards nothing", async () => {
    await stack().mock.reset()
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const url of [`${stack().baseUrl}/contact`, dataUrl(stack().baseUrl, '/contact')]) {
        for (const origin of [FOREIGN_ORIGIN, undefined]) {
          const response = await fetch(url, {
            method,
            body: new URLSearchParams(uniqueEnquiry()),
            headers: origin ? { origin } : {},
            redirect: 'manual',
          })
          expect(response.status, `${method} ${url} from ${origin}`).toBeGreaterThanOrEqual(400)
          await response.body?.cancel()
        }
      }
    }
    expect(await stack().mock.enquiries()).toEqual([])
  })
})

describe('errors in production', () => {
  /** Requests the site answers with an error: a missing page, a refused method, a refused origin. */
  const ERROR_REQUESTS: { path: string; method: string; origin?: string }[] = [
    { path: '/no-such-page', method: 'GET' },
    { path: '/blog/no-such-post', method: 'GET' },
    { path: '/blog', method: 'POST' },
    { path: '/contact', method: 'PUT' },
    { path: '/contact', method: 'PUT', origin: FOREIGN_ORIGIN },
    { path: '/images/not-a-token/full-320.jpg', method: 'GET' },
  ]

  it('carry no stack and no constructor other than Error, in the page and in its data', async () => {
    let serializedErrors = 0
    for (const { path, method, origin } of ERROR_REQUESTS) {
      for (const url of [`${stack().baseUrl}${path}`, dataUrl(stack().baseUrl, path)]) {
        const response = await fetch(url, {
          method,
          headers: {
            ...(origin ? { origin } : {}),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: method === 'GET' ? undefined : 'name=x',
          redirect: 'manual',
        })
        const body = await response.text()
        const what = `${method} ${url}${origin ? ` from ${origin}` : ''}`
        expect(response.status, what).toBeGreaterThanOrEqual(400)
        expect(body, what).not.toContain('__subType')
        expect(body, what).not.toMatch(/\bat \S+ \(|node_modules|\/build\/server/)
        expect(body, what).not.toMatch(/\b(?:Syntax|Type|Reference|Range|Eval|URI)Error\b|Refusal/)
        if (
          url.includes('.data') &&
          response.headers.get('content-type')?.includes('text/x-script')
        ) {
          const { errors } = await readDataAnswer(body)
          serializedErrors += errors.length
          for (const error of errors) {
            expect(error, what).toEqual({
              name: 'Error',
              message: 'Unexpected Server Error',
              stack: undefined,
            })
          }
        }
        const documentErrors = await readDocumentErrors(body)
        serializedErrors += documentErrors.length
        // A route error response made by Remix itself (a 405) carries the Error it stands for.
        const nested = documentErrors.flatMap((error) => (error.error ? [error.error] : []))
        for (const error of [...documentErrors, ...nested]) {
          expect(['RouteErrorResponse', 'Error'], what).toContain(error.__type)
          expect(error.__subType, what).toBeUndefined()
          expect(error.stack, what).toBeUndefined()
        }
      }
    }
    // The requests above do reach Remix's error serialising, in pages and in data.
    expect(serializedErrors).toBeGreaterThan(2)
  })
})

describe('backslash and protocol-relative paths', () => {
  const HOSTILE_PATHS = [
    '/\\evil.example',
    '/\\\\evil.example',
    '//evil.example',
    '//evil.example/%2e%2e',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/blog/\\evil.example',
    '/blog?q=\\\\evil.example&page=2',
    '/blog/category/%5C%5Cevil.example',
    '/contact?sent=1&next=//evil.example',
    '/media/..%5C..%5Cevil.example.jpg',
    '/build',
    '//build',
    '/\\build',
    '/build/\\evil.example',
  ]

  /**
   * GETs that do redirect: a raster upload's /media/ address sends the browser to its largest
   * variant, so the test reads real Location headers, hostile spellings of that address among them.
   */
  const REDIRECTING_PATHS = [
    '/media/camera-photo.jpg',
    '/media/camera-photo.jpg?next=//evil.example',
    '/media/camera-photo.JPG?\\evil.example',
  ]

  it('never answer with a Location or a data redirect to another origin', async () => {
    const redirected: string[] = []
    for (const path of [...HOSTILE_PATHS, ...REDIRECTING_PATHS]) {
      const page = await rawGet(path)
      if (page.location) {
        redirected.push(path)
        expect(leavesTheSite(page.location, path), `${path} → ${page.location}`).toBe(false)
      }
      const data = await rawGet(dataPathOfRaw(path))
      if (data.location) {
        redirected.push(`${path} (data)`)
        expect(leavesTheSite(data.location, path), `${path} data → ${data.location}`).toBe(false)
      }
      if (data.status === 202 || data.status === 200) {
        for (const target of (await readDataAnswer(data.body)).redirects) {
          redirected.push(`${path} (data redirect)`)
          expect(leavesTheSite(target, path), `${path} data → ${target}`).toBe(false)
        }
      }
    }
    // The checks above ran: every redirecting address answered with a Location, read and judged.
    expect(redirected).toEqual(expect.arrayContaining(REDIRECTING_PATHS))
  })
})
