/**
 * Reads a JSON array from a byte stream one element at a time, without parsing the whole
 * document: parsing a 20 MB list in one `JSON.parse` holds the event loop for about 60 ms, and
 * the caller only needs to parse the elements it has not seen before. Each element comes out as
 * its own bytes; the caller parses it (and so checks that it is valid JSON).
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

export type ArrayReadFailure =
  | { kind: 'not-a-list' }
  | { kind: 'malformed'; reason: string }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'unreadable'; reason: string }

export type ArrayReadResult =
  | { status: 'success'; elements: number; bytes: number }
  | { status: 'error'; error: ArrayReadFailure }

export class MalformedJsonError extends Error {
  name = 'MalformedJsonError'
}

export class NotAListError extends Error {
  name = 'NotAListError'
}

function isWhitespace(byte: number) {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

/**
 * Splits the top-level elements of a JSON array fed in chunks. It tracks strings and nesting,
 * not values: what lies between the brackets of one element is the element parser's to judge.
 */
export class JsonArraySplitter {
  private state: 'before-array' | 'expect-value' | 'expect-comma' | 'after-array' = 'before-array'
  private depth = 0
  private inString = false
  private escapePending = false
  /** Pieces of the element read so far: several when it spans chunks. */
  private pieces: Uint8Array[] = []
  private inElement = false
  /** An element that is a bare number, true, false or null ends at the next comma or bracket. */
  private inScalar = false
  private afterComma = false

  constructor(private readonly onElement: (bytes: Buffer) => void) {}

  push(chunk: Uint8Array) {
    let pos = 0
    let elementStart = this.inElement ? 0 : -1
    const length = chunk.length
    while (pos < length) {
      if (this.inString) {
        if (this.escapePending) {
          this.escapePending = false
          pos += 1
          continue
        }
        const quote = chunk.indexOf(QUOTE, pos)
        if (quote === -1) {
          this.escapePending = trailingBackslashes(chunk, pos, length) % 2 === 1
          pos = length
          break
        }
        const escaped = trailingBackslashes(chunk, pos, quote) % 2 === 1
        pos = quote + 1
        if (escaped) continue
        this.inString = false
        if (this.depth === 1 && this.inElement) {
          // A string element of the array itself ends here.
          this.finishElement(chunk, elementStart, pos)
          elementStart = -1
        }
        continue
      }

      const byte = chunk[pos]!
      if (this.inScalar) {
        if (byte === COMMA || byte === CLOSE_BRACKET || isWhitespace(byte)) {
          this.inScalar = false
          this.finishElement(chunk, elementStart, pos)
          elementStart = -1
          continue // the delimiter is handled as structure below, on the next turn
        }
        pos += 1
        continue
      }

      if (isWhitespace(byte)) {
        pos += 1
        continue
      }

      if (this.depth === 0) {
        if (this.state === 'before-array') {
          if (byte !== OPEN_BRACKET) throw new NotAListError('the answer is not a JSON array')
          this.state = 'expect-value'
          this.depth = 1
          pos += 1
          continue
        }
        throw new MalformedJsonError('text after the end of the array')
      }

      if (this.depth === 1 && !this.inElement) {
        if (byte === CLOSE_BRACKET) {
          if (this.afterComma) throw new MalformedJsonError('a comma before the closing bracket')
          this.depth = 0
          this.state = 'after-array'
          pos += 1
          continue
        }
        if (this.state === 'expect-comma') {
          if (byte !== COMMA) throw new MalformedJsonError('elements not separated by a comma')
          this.state = 'expect-value'
          this.afterComma = true
          pos += 1
          continue
        }
        if (byte === COMMA) throw new MalformedJsonError('a missing element')
        this.inElement = true
        this.afterComma = false
        elementStart = pos
        if (byte === QUOTE) this.inString = true
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth += 1
        else this.inScalar = true
        pos += 1
        continue
      }

      if (byte === QUOTE) this.inString = true
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth += 1
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.depth -= 1
        if (this.depth === 1) {
          pos += 1
          this.finishElement(chunk, elementStart, pos)
          elementStart = -1
          continue
        }
      }
      pos += 1
    }
    if (this.inElement) this.pieces.push(chunk.subarray(Math.max(elementStart, 0), length))
  }

  /** Call when the stream has ended: a list cut short is malformed. */
  end() {
    if (this.state === 'before-array') throw new MalformedJsonError('an empty answer')
    if (this.state !== 'after-array')
      throw new MalformedJsonError('the answer ended inside the list')
  }

  private finishElement(chunk: Uint8Array, start: number, end: number) {
    this.pieces.push(chunk.subarray(Math.max(start, 0), end))
    const bytes =
      this.pieces.length === 1
        ? Buffer.from(this.pieces[0]!.buffer, this.pieces[0]!.byteOffset, this.pieces[0]!.length)
        : Buffer.concat(this.pieces)
    this.pieces = []
    this.inElement = false
    this.state = 'expect-comma'
    this.onElement(bytes)
  }
}

/** How many backslashes stand right before `end`, counting no further back than `start`. */
function trailingBackslashes(chunk: Uint8Array, start: number, end: number) {
  let count = 0
  while (end - count - 1 >= start && chunk[end - count - 1] === BACKSLASH) count += 1
  return count
}

/** Work done between two turns of the event loop while reading, so requests keep flowing. */
const SLICE_MS = 4

/**
 * Reads `body` to its end and hands each element of its top-level array to `onElement`.
 * Refuses a body over `maxBytes` as soon as it is known to be one, and stops reading.
 */
export async function readJsonArray(
  body: ReadableStream<Uint8Array>,
  { maxBytes, onElement }: { maxBytes: number; onElement: (bytes: Buffer) => void },
): Promise<ArrayReadResult> {
  let bytes = 0
  let elements = 0
  const splitter = new JsonArraySplitter((element) => {
    elements += 1
    onElement(element)
  })
  const reader = body.getReader()
  let sliceStarted = performance.now()
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = await reader.read()
      } catch (cause) {
        return { status: 'error', error: { kind: 'unreadable', reason: String(cause) } }
      }
      if (next.done) break
      bytes += next.value.length
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined)
        return { status: 'error', error: { kind: 'too-large', maxBytes } }
      }
      splitter.push(next.value)
      // Chunks already received resolve without a turn of the event loop: give one now and then.
      if (performance.now() - sliceStarted > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        sliceStarted = performance.now()
      }
    }
    splitter.end()
    return { status: 'success', elements, bytes }
  } catch (cause) {
    await reader.cancel().catch(() => undefined)
    if (cause instanceof NotAListError) return { status: 'error', error: { kind: 'not-a-list' } }
    if (cause instanceof MalformedJsonError || cause instanceof SyntaxError) {
      return { status: 'error', error: { kind: 'malformed', reason: cause.message } }
    }
    throw cause
  } finally {
    reader.releaseLock()
  }
}
