/**
 * Local stand-ins for the analytics providers' scripts, served on loopback and pointed to with
 * ANALYTICS_SCRIPT_URL, that record every request the page makes to them. Each script behaves
 * like the provider's in what a test can observe:
 *
 *   GET  /js/script.js   Plausible: POSTs a pageview to /api/event on its own origin when it
 *                        loads and on every history.pushState / popstate to a new path, unless
 *                        localStorage.plausible_ignore is 'true' (checked on every event).
 *   GET  /gtag/js?id=G-… gtag.js: reads window.dataLayer (and what is pushed later), honours
 *                        consent mode (analytics_storage 'denied' sends cookieless pings,
 *                        'granted' sets _ga and _ga_<id> on the widest domain the browser
 *                        accepts) and window['ga-disable-<id>'], sends a page_view on 'config'
 *                        unless send_page_view is false, a user_engagement hit when the page
 *                        is left (pagehide), and sends hits to
 *                        <transport_url or its own origin>/g/collect.
 *   GET  /__requests     what was requested (scripts and hits), oldest first
 *   POST /__reset        forgets them
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = {
  method: string
  path: string
  /** query parameters (gtag hits) merged with a JSON body (Plausible events) */
  params: Record<string, string>
}

export type AnalyticsStandIn = {
  origin: string
  plausibleScriptUrl: string
  gtagScriptUrl: string
  requests: () => Promise<RecordedRequest[]>
  reset: () => Promise<void>
  close: () => Promise<void>
}

const PLAUSIBLE_SCRIPT = `(function () {
  var script = document.currentScript
  var endpoint = new URL(script.src).origin + '/api/event'
  var lastPath
  function trigger(name) {
    try { if (window.localStorage.plausible_ignore === 'true') return } catch (e) {}
    var request = new XMLHttpRequest()
    request.open('POST', endpoint, true)
    request.setRequestHeader('Content-Type', 'text/plain')
    request.send(JSON.stringify({ n: name, u: location.href, d: script.getAttribute('data-domain'), r: document.referrer || null }))
  }
  window.plausible = trigger
  function page() {
    if (lastPath === location.pathname) return
    lastPath = location.pathname
    trigger('pageview')
  }
  var pushState = history.pushState
  history.pushState = function () { pushState.apply(this, arguments); page() }
  window.addEventListener('popstate', page)
  page()
})()
`

const GTAG_SCRIPT = `(function () {
  var src = new URL(document.currentScript.src)
  var consent = { analytics_storage: 'granted' }
  var configs = {}
  function widestCookieDomain(name, value, attributes) {
    var labels = location.hostname.split('.')
    var candidates = /^[\\d.]+$/.test(location.hostname) ? [] : labels.slice(0, -1).map(function (_, i) { return labels.slice(i).join('.') }).reverse()
    for (var i = 0; i < candidates.length; i++) {
      document.cookie = name + '=' + value + '; domain=' + candidates[i] + attributes
      if (document.cookie.indexOf(name + '=' + value) !== -1) return
    }
    document.cookie = name + '=' + value + attributes
  }
  function cookie(name) {
    var match = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'))
    return match ? match[1] : null
  }
  function setCookies(id) {
    var now = Math.floor(Date.now() / 1000)
    var attributes = '; path=/; max-age=63072000; SameSite=Lax'
    if (!cookie('_ga')) widestCookieDomain('_ga', 'GA1.1.' + Math.floor(Math.random() * 1e9) + '.' + now, attributes)
    widestCookieDomain('_ga_' + id.replace(/^G-/, ''), 'GS1.1.' + now + '.1.0.' + now + '.0.0.0', attributes)
  }
  function hit(id, name, params) {
    if (window['ga-disable-' + id]) return
    var granted = consent.analytics_storage === 'granted'
    if (granted) setCookies(id)
    var query = new URLSearchParams({ v: '2', tid: id, en: name, dl: params.page_location || location.href, dt: params.page_title || document.title, gcs: granted ? 'G111' : 'G100' })
    if (granted) query.set('cid', (cookie('_ga') || '').split('.').slice(2).join('.'))
    var base = configs[id].transport_url || src.origin
    fetch(base + '/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true })
  }
  function handle(entry) {
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return
    var command = entry[0]
    if (command === 'consent') Object.assign(consent, entry[2])
    else if (command === 'config') {
      configs[entry[1]] = entry[2] || {}
      if (configs[entry[1]].send_page_view !== false) hit(entry[1], 'page_view', {})
    } else if (command === 'event') {
      for (var id in configs) hit(id, entry[1], entry[2] || {})
    }
  }
  // Like gtag's engagement time: one more hit when the visitor leaves or reloads the page.
  window.addEventListener('pagehide', function () {
    for (var id in configs) hit(id, 'user_engagement', {})
  })
  var dataLayer = (window.dataLayer = window.dataLayer || [])
  dataLayer.forEach(handle)
  var push = dataLayer.push
  dataLayer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i])
    return push.apply(dataLayer, arguments)
  }
})()
`

export async function startAnalyticsStandIn(): Promise<AnalyticsStandIn> {
  const recorded: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk))
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*')
      if (url.pathname === '/__requests') {
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify(recorded))
        return
      }
      if (url.pathname === '/__reset') {
        recorded.length = 0
        res.end()
        return
      }
      const params = Object.fromEntries(url.searchParams)
      try {
        Object.assign(params, body ? JSON.parse(body) : {})
      } catch {
        params.body = body
      }
      recorded.push({ method: req.method ?? 'GET', path: url.pathname, params })
      if (url.pathname === '/js/script.js' || url.pathname === '/gtag/js') {
        res.setHeader('Content-Type', 'text/javascript')
        res.end(url.pathname === '/gtag/js' ? GTAG_SCRIPT : PLAUSIBLE_SCRIPT)
        return
      }
      res.statusCode = url.pathname === '/api/event' ? 202 : 204
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    plausibleScriptUrl: `${origin}/js/script.js`,
    gtagScriptUrl: `${origin}/gtag/js`,
    requests: async () => (await fetch(`${origin}/__requests`)).json(),
    reset: async () => void (await fetch(`${origin}/__reset`, { method: 'POST' })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
