/**
 * What Remix's browser code reads from the server with single fetch: a page's data at
 * `/path.data` (`/_root.data` for `/`) and an action's answer there, as turbo-stream. Decoded here
 * the way the browser decodes it, with Remix's own types made plain objects.
 */
import { decode } from 'turbo-stream'

/** `/contact` → `/contact.data`, `/` → `/_root.data`, a query kept. */
export function dataUrl(baseUrl: string, pathAndQuery: string): string {
  const url = new URL(pathAndQuery, baseUrl)
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`
  return url.href
}

/** A redirect as single fetch sends it: a 202 whose data says where to go. */
export type DataRedirect = { redirect: string; status: number }

/** The decoded answer: per route `{ data }` or `{ error }` for loaders, one of them for an action. */
export async function readData(response: Response): Promise<Record<string, unknown>> {
  const decoded = await decode(response.body!, {
    plugins: [
      (type: string, ...values: unknown[]) => {
        if (type === 'SingleFetchRedirect') return { value: { redirect: values[0] } }
        if (type === 'ErrorResponse') {
          const [data, status] = values
          return { value: { data, status } }
        }
        if (type === 'SanitizedError') return { value: { message: values[1] } }
        return undefined
      },
      (type: string, value: unknown) =>
        type === 'SingleFetchClassInstance'
          ? { value }
          : type === 'SingleFetchFallback'
            ? { value: undefined }
            : undefined,
    ],
  })
  await decoded.done
  return decoded.value as Record<string, unknown>
}
