const [QUOTE, BACKSLASH, COMMA] = [0x22, 0x5c, 0x2c]
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d]
const SPACE = new Set([0x20, 0x0a, 0x0d, 0x09])

/**
 * The entries of a JSON array, each as its own bytes, or null when the document is not an array.
 * Only strings and nesting are tracked: an entry's own syntax is JSON.parse's to check when the
 * entry is new, so a refresh in which one post changed parses that post alone (decision 008).
 * Throws a SyntaxError where the array itself is not closed, or is followed by more.
 */
export function jsonArrayEntries(bytes: Buffer): Buffer[] | null {
  const open = skipSpace(bytes, 0)
  if (bytes[open] !== OPEN_ARRAY) return null
  const entries: Buffer[] = []
  let depth = 0
  let start = open + 1
  for (let i = start; i < bytes.length; i += 1) {
    const byte = bytes[i]
    if (byte === QUOTE) i = closingQuote(bytes, i)
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) depth += 1
    else if (depth > 0 && (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT)) depth -= 1
    else if (depth === 0 && (byte === COMMA || byte === CLOSE_ARRAY)) {
      let end = i
      while (end > start && SPACE.has(bytes[end - 1]!)) end -= 1
      const entry = bytes.subarray(skipSpace(bytes, start), end)
      // An empty array has no entry; any other empty entry is JSON.parse's to refuse.
      if (entry.length > 0 || byte === COMMA || entries.length > 0) entries.push(entry)
      start = i + 1
      if (byte !== CLOSE_ARRAY) continue
      if (skipSpace(bytes, start) === bytes.length) return entries
      throw new SyntaxError(`unexpected content after the array at byte ${start}`)
    }
  }
  throw new SyntaxError('the array ends inside an entry')
}

function closingQuote(bytes: Buffer, at: number) {
  for (let i = bytes.indexOf(QUOTE, at + 1); i !== -1; i = bytes.indexOf(QUOTE, i + 1)) {
    let backslashes = 0
    while (bytes[i - 1 - backslashes] === BACKSLASH) backslashes += 1
    if (backslashes % 2 === 0) return i
  }
  throw new SyntaxError('the array ends inside a string')
}

function skipSpace(bytes: Buffer, at: number) {
  while (at < bytes.length && SPACE.has(bytes[at]!)) at += 1
  return at
}
