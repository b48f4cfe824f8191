/**
 * A stand-in for the outside hosts of IMAGE_HOSTS: the server fetches `https://HOST/PATH` from
 * `${url}/HOST/PATH` when IMAGE_HOSTS_VIA is this origin (tests/support/image-host-preload.mjs). Each path answers as its entry
 * says (a file, a status, a redirect, a hang), and every request is recorded, so a test can tell
 * what the server asked for and what it never did. Also here: the images such a host may serve,
 * made in memory in well under a second each.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type net from 'node:net'
import zlib from 'node:zlib'

import sharp from 'sharp'

export type HostedAnswer =
  /** the bytes with this Content-Type; `chunked` leaves out Content-Length */
  | { kind: 'file'; body: Buffer; type: string; chunked?: boolean }
  /** an empty answer with this status */
  | { kind: 'status'; status: number }
  /** 302 to `location` */
  | { kind: 'redirect'; location: string }
  /** accepts the request and never answers */
  | { kind: 'hang' }
  /** sends the headers and the first bytes of `body`, then nothing more */
  | { kind: 'stall'; body: Buffer; type: string }

export type ImageHost = {
  /** the origin to set as IMAGE_HOSTS_VIA */
  url: string
  /** the path of every request received, in order */
  requests: string[]
  close: () => Promise<void>
}

/** Serves `answers`, keyed by path (`/images.test.example/photo.jpg`); anything else is a 404. */
export async function startImageHost(answers: Record<string, HostedAnswer>): Promise<ImageHost> {
  const requests: string[] = []
  const sockets = new Set<net.Socket>()
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    requests.push(path)
    const answer = answers[path]
    if (!answer) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found')
      return
    }
    switch (answer.kind) {
      case 'file':
        res.writeHead(200, {
          'content-type': answer.type,
          ...(answer.chunked ? {} : { 'content-length': answer.body.byteLength }),
        })
        if (answer.chunked) {
          // Written in pieces, so the server cannot know the size before it has read them.
          for (let at = 0; at < answer.body.byteLength; at += 1024 * 1024) {
            res.write(answer.body.subarray(at, at + 1024 * 1024))
          }
          res.end()
        } else {
          res.end(answer.body)
        }
        return
      case 'status':
        res.writeHead(answer.status, { 'content-type': 'text/plain' })
        res.end(`status ${answer.status}`)
        return
      case 'redirect':
        res.writeHead(302, { location: answer.location })
        res.end()
        return
      case 'hang':
        return
      case 'stall':
        res.writeHead(200, {
          'content-type': answer.type,
          'content-length': answer.body.byteLength,
        })
        res.write(answer.body.subarray(0, 64 * 1024))
        return
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // The hanging and stalled answers would otherwise keep the server open.
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.byteLength)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(typed) >>> 0)
  return Buffer.concat([length, typed, crc])
}

/**
 * A valid greyscale PNG of `size`×`size` black pixels, deflated as a stream so that the
 * `size`² bytes it decodes to never exist here: 16000² (256 megapixels) is about 250 KB.
 */
export async function blackPng(size: number): Promise<Buffer> {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bits per sample
  header[9] = 0 // greyscale; compression, filter and interlace stay 0
  const deflate = zlib.createDeflate({ level: 9, memLevel: 9 })
  const compressed: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk))
  const ended = new Promise((resolve) => deflate.on('end', resolve))
  const rowsAtOnce = 100
  // Each row is its filter byte (0) and `size` samples (0): a block of rows is all zeros.
  const rows = Buffer.alloc((size + 1) * rowsAtOnce)
  for (let row = 0; row < size; row += rowsAtOnce) {
    const block = rows.subarray(0, (size + 1) * Math.min(rowsAtOnce, size - row))
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await ended
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A `width`×`height` JPEG of grey noise, as large on the wire as a phone's photo of as many
 * pixels: a random 800×600 tile repeated (8000×6000 is about 15 MB).
 */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const tile = { width: Math.min(800, width), height: Math.min(600, height), channels: 3 as const }
  const samples = randomBytes(tile.width * tile.height * tile.channels)
  for (let at = 0; at < samples.byteLength; at++) samples[at] = 110 + (samples[at]! % 36)
  return sharp(samples, { raw: tile })
    .extend({ right: width - tile.width, bottom: height - tile.height, extendWith: 'repeat' })
    .jpeg({ quality: 90 })
    .toBuffer()
}

export const RED = [220, 20, 20] as const
export const BLUE = [20, 20, 220] as const

/**
 * A 400×200 JPEG, left half red and right half blue, whose EXIF says Orientation 6 (turn 90°
 * clockwise to show it): shown right, it is 200×400, red above blue.
 */
export async function sidewaysJpeg(): Promise<Buffer> {
  const width = 400
  const height = 200
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(x < width / 2 ? RED : BLUE, (y * width + x) * 3)
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}
