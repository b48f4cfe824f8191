/**
 * Loaded into a server under test with `NODE_OPTIONS=--import=…`: these machines reach no outside
 * host, so a request for `https://HOST/PATH` on a host of IMAGE_HOSTS goes to the local stand-in at
 * `${IMAGE_HOSTS_VIA}/HOST/PATH` instead. The app itself has no such setting.
 */
const via = process.env.IMAGE_HOSTS_VIA
const hosts = (process.env.IMAGE_HOSTS ?? '').split(',').map((host) => host.trim())
let realFetch = globalThis.fetch

function redirectedFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (!via || url.protocol !== 'https:' || !hosts.includes(url.hostname)) {
    return realFetch(input, init)
  }
  return realFetch(`${via}/${url.hostname}${url.pathname}${url.search}`, init)
}

// The server installs its own fetch at start (Remix's installGlobals): it becomes the real one.
Object.defineProperty(globalThis, 'fetch', {
  configurable: true,
  get: () => redirectedFetch,
  set: (fetch) => {
    realFetch = fetch
  },
})
