/**
 * A stand-in for the real backend: the same two endpoints and answers, sample posts, and
 * switches that make it fail, hang or lie, for development and tests.
 *
 *   GET  /app/posts/        the fixture posts (JSON array)
 *   POST /app/send-email/   records the enquiry and answers 200
 *   GET  /media/<file>      fixture images and audio, typed by extension, with single byte ranges
 *   GET  /__mock/state      modes and counters; POST /__mock/state { posts?, enquiries?, delayMs?,
 *                           generatedPosts?, revision?, images? }
 *   GET  /__mock/enquiries  what was received; DELETE it to forget
 *   POST /__mock/reset      everything back to normal
 *
 * Posts mode 'generated' answers `generatedPosts` deterministic posts of about 10 KB each (start
 * with MOCK_GENERATED_POSTS=N); each `revision` changes one of them, for refreshes at scale.
 *
 * Images mode 'camera' (start with MOCK_CAMERA_PHOTOS=1) gives every fixture and generated post
 * the camera photo as its image, to measure what phone uploads cost. Each post names it
 * differently (`/media/camera-photo-<n>.jpg`, the same file), so that each has variants of its own
 * to make, as different photos would.
 *
 * How the media fixtures in ./fixtures/images were made (the commands, for remaking them):
 *   camera-photo.jpg: 4032×3024, about 1.8 MB, EXIF with a GPS position, Make/Model, Orientation 1
 *     convert -size 4032x3024 -seed 7 plasma:fractal -blur 0x1 -attenuate 0.3 +noise Gaussian \
 *       /tmp/camera.png
 *     node -e "require('sharp')('/tmp/camera.png').withExif({ IFD0: { Make: 'TestPhone',
 *       Model: 'Camera 1', Orientation: '1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude:
 *       '51/1 30/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 28/1' } })
 *       .jpeg({ quality: 85 }).toFile('mocks/fixtures/images/camera-photo.jpg')"
 *   sample-call.wav: 2.2 s of speech, 16-bit mono 22,050 Hz PCM, 96 KB
 *     espeak-ng -v en-gb -w mocks/fixtures/images/sample-call.wav "Hello, Smith and Sons Plumbing."
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import url from 'node:url'

import { generatedPosts } from './fixtures/generated-posts'
import {
  fixturePosts,
  hostilePosts,
  malformedEntry,
  type BackendPostFixture,
} from './fixtures/posts'

export const POSTS_MODES = [
  'ok',
  'empty',
  'fail',
  'hang',
  'slow',
  'malformed',
  'not-list',
  'hostile',
  'generated',
] as const
export const ENQUIRY_MODES = ['ok', 'fail', 'hang', 'slow'] as const
export const IMAGE_MODES = ['fixtures', 'camera'] as const
export type PostsMode = (typeof POSTS_MODES)[number]
export type EnquiryMode = (typeof ENQUIRY_MODES)[number]
export type ImageMode = (typeof IMAGE_MODES)[number]

/** One enquiry as it arrived: its JSON body (an object of strings) and its Content-Type. */
export type ReceivedEnquiry = {
  receivedAt: string
  contentType: string | undefined
  /** the site's X-Request-Id for the request that sent the enquiry */
  requestId: string | undefined
  body: Record<string, string>
}

type State = {
  posts: PostsMode
  enquiries: EnquiryMode
  delayMs: number
  generatedPosts: number
  revision: number
  images: ImageMode
  postsRequests: number
  enquiryRequests: number
  /** the /media/ files asked for with GET, in order */
  mediaRequested: string[]
  received: ReceivedEnquiry[]
}

/** What POST /__mock/state changes. */
export type MockStatePatch = Partial<
  Pick<State, 'posts' | 'enquiries' | 'delayMs' | 'generatedPosts' | 'revision' | 'images'>
>
/** What GET /__mock/state answers: the modes, the counters, and how many enquiries are kept. */
export type MockStateView = Omit<State, 'received'> & { received: number }

/** The control API (/__mock/...) as a client sees it; tests drive the mock through this. */
export type MockControl = {
  url: string
  setState(patch: MockStatePatch): Promise<void>
  state(): Promise<MockStateView>
  enquiries(): Promise<ReceivedEnquiry[]>
  reset(): Promise<void>
}

const IMAGES_DIR = path.join(path.dirname(url.fileURLToPath(import.meta.url)), 'fixtures', 'images')
const CAMERA_PHOTO = 'camera-photo.jpg'
/** The names generated posts give the camera photo in camera mode. */
const CAMERA_PHOTO_ALIAS = /^camera-photo-\d+\.jpg$/
const MEDIA_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
}

/** The posts with the camera photo as their image, each under a name of its own. */
function withCameraPhotos(posts: BackendPostFixture[]): BackendPostFixture[] {
  return posts.map((post, index) => ({ ...post, image_url: `/media/camera-photo-${index}.jpg` }))
}
const cameraFixturePosts = withCameraPhotos(fixturePosts)

function initialState(): State {
  const generated = Number(process.env.MOCK_GENERATED_POSTS ?? 0)
  return {
    posts: parseMode(process.env.MOCK_POSTS_MODE, POSTS_MODES, generated > 0 ? 'generated' : 'ok'),
    enquiries: parseMode(process.env.MOCK_ENQUIRY_MODE, ENQUIRY_MODES, 'ok'),
    delayMs: Number(process.env.MOCK_DELAY_MS ?? 2000),
    generatedPosts: generated > 0 ? generated : 100,
    revision: 0,
    images: process.env.MOCK_CAMERA_PHOTOS === '1' ? 'camera' : 'fixtures',
    postsRequests: 0,
    enquiryRequests: 0,
    mediaRequested: [],
    received: [],
  }
}

function parseMode<T extends string>(value: unknown, modes: readonly T[], fallback: T): T {
  return modes.includes(value as T) ? (value as T) : fallback
}

export type MockBackend = { url: string; port: number; close: () => Promise<void> }

export async function startMockBackend({
  port = 0,
  host = '127.0.0.1',
  quiet = false,
} = {}): Promise<MockBackend> {
  let state = initialState()
  const hanging = new Set<http.ServerResponse>()
  // Building thousands of posts takes a while: the last answer is kept until the state changes.
  let generated: { key: string; body: Buffer } | undefined
  const sendGenerated = (res: http.ServerResponse) => {
    const key = `${state.generatedPosts}/${state.revision}/${state.images}`
    if (generated?.key !== key) {
      const posts = generatedPosts(state.generatedPosts, state.revision)
      const shown = state.images === 'camera' ? withCameraPhotos(posts) : posts
      generated = { key, body: Buffer.from(JSON.stringify(shown)) }
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': generated.body.length,
    })
    res.end(generated.body)
  }

  const server = http.createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://mock')
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    const hang = () => {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
    }
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

    if (req.method === 'GET' && pathname === '/app/posts/') {
      state.postsRequests += 1
      const posts = state.images === 'camera' ? cameraFixturePosts : fixturePosts
      switch (state.posts) {
        case 'ok':
          return send(200, posts)
        case 'empty':
          return send(200, [])
        case 'fail':
          return send(500, { error: 'Internal Server Error' })
        case 'hang':
          return hang()
        case 'slow':
          await sleep(state.delayMs)
          return send(200, posts)
        case 'malformed':
          return send(200, '[{"id": 1, "slug": "broken', 'application/json')
        case 'not-list':
          return send(200, { posts })
        case 'hostile':
          return send(200, [...hostilePosts, malformedEntry, ...posts])
        case 'generated':
          return sendGenerated(res)
      }
    }

    if (req.method === 'POST' && pathname === '/app/send-email/') {
      state.enquiryRequests += 1
      const raw = await readBody(req)
      if (state.enquiries === 'hang') return hang()
      if (state.enquiries === 'slow') await sleep(state.delayMs)
      if (state.enquiries === 'fail') return send(500, { error: 'Mail provider unavailable' })
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        return send(400, { error: 'Body must be JSON' })
      }
      if (!isObjectOfStrings(body)) {
        return send(400, { error: 'Body must be a JSON object of strings' })
      }
      state.received.push({
        receivedAt: new Date().toISOString(),
        contentType: req.headers['content-type'],
        requestId: req.headers['x-request-id'] as string | undefined,
        body,
      })
      if (!quiet) console.log(`[mock backend] enquiry received: ${JSON.stringify(body)}`)
      return send(200, { status: 'sent' })
    }

    if ((req.method === 'GET' || req.method === 'HEAD') && pathname.startsWith('/media/')) {
      const name = path.basename(pathname)
      if (req.method === 'GET') state.mediaRequested.push(name)
      let file: Buffer
      try {
        file = await fs.readFile(
          path.join(IMAGES_DIR, CAMERA_PHOTO_ALIAS.test(name) ? CAMERA_PHOTO : name),
        )
      } catch {
        return send(404, { error: 'Not found' })
      }
      const headers = {
        'content-type': MEDIA_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        'accept-ranges': 'bytes',
      }
      const range = byteRange(req.headers.range, file.length)
      if (range === 'unsatisfiable') {
        res.writeHead(416, {
          'accept-ranges': 'bytes',
          'content-range': `bytes */${file.length}`,
          'content-length': 0,
        })
        return res.end()
      }
      const body = range ? file.subarray(range.start, range.end + 1) : file
      res.writeHead(range ? 206 : 200, {
        ...headers,
        'content-length': body.length,
        ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${file.length}` } : {}),
      })
      return res.end(req.method === 'HEAD' ? undefined : body)
    }

    if (pathname === '/__mock/state') {
      if (req.method === 'POST') {
        const patch = JSON.parse((await readBody(req)) || '{}') as MockStatePatch
        state = {
          ...state,
          posts: parseMode(patch.posts, POSTS_MODES, state.posts),
          enquiries: parseMode(patch.enquiries, ENQUIRY_MODES, state.enquiries),
          delayMs: typeof patch.delayMs === 'number' ? patch.delayMs : state.delayMs,
          generatedPosts: wholeNumberOr(patch.generatedPosts, state.generatedPosts),
          revision: wholeNumberOr(patch.revision, state.revision),
          images: parseMode(patch.images, IMAGE_MODES, state.images),
        }
      }
      const { received, ...rest } = state
      return send(200, { ...rest, received: received.length } satisfies MockStateView)
    }
    if (pathname === '/__mock/enquiries') {
      if (req.method === 'DELETE') state.received = []
      return send(200, state.received)
    }
    if (req.method === 'POST' && pathname === '/__mock/reset') {
      state = initialState()
      for (const res of hanging) res.destroy()
      return send(200, { ok: true })
    }
    send(404, { error: 'Not found' })
  })

  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address() as { port: number }
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The one byte range a `Range` header asks for (RFC 9110): null when there is none to honour (no
 * header, another unit, several ranges, a malformed one), and the whole file is sent.
 */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (match[1] === '' && match[2] === '')) return null
  const [, first = '', last = ''] = match
  if (first === '') {
    // `bytes=-n`: the last n bytes.
    const suffix = Number(last)
    return suffix === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}

function isObjectOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((field) => typeof field === 'string')
  )
}

function wholeNumberOr(value: unknown, fallback: number) {
  return Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fallback
}

function readBody(req: http.IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const isMain = process.argv[1] && url.pathToFileURL(process.argv[1]).href === import.meta.url
if (isMain) {
  const port = Number(process.env.MOCK_BACKEND_PORT ?? 4010)
  const backend = await startMockBackend({ port })
  console.log(
    `[mock backend] listening on ${backend.url} (posts: /app/posts/, enquiries: /app/send-email/)`,
  )
  const stop = () => void backend.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
