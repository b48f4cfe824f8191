import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fixturePosts } from '../../mocks/fixtures/posts'
import { logLines } from '../support/log-lines'
import { getPage, visibleText } from '../support/page-text'
import { startServer, startStack, UNREACHABLE_URL, type Stack } from '../support/stack'

const SITE_URL = 'https://www.brightwell.example'

let stack: Stack

beforeAll(async () => {
  stack = await startStack({ SITE_URL })
})
afterAll(async () => {
  await stack?.stop()
})

const get = (path: string, base = stack.baseUrl) => getPage(`${base}${path}`)

describe('the post cache on a start', () => {
  it('loads and reads the post list before it listens: the first visitors wait for no backend call', async () => {
    const output = stack.server.output()
    const read = output.indexOf('"msg":"blog posts read for search"')
    expect(read).toBeGreaterThan(-1)
    expect(read).toBeLessThan(output.indexOf('"msg":"server listening"'))
    expect((await stack.mock.state()).postsRequests).toBe(1)
    const pages = await Promise.all(Array.from({ length: 50 }, () => get('/blog?q=chatbot')))
    for (const page of pages) expect(page.status).toBe(200)
    expect((await stack.mock.state()).postsRequests).toBe(1)
    expect(logLines(stack.server.output(), 'blog posts read for search')).toHaveLength(1)
  })

  it('serves later pages and posts from the cache', async () => {
    await get('/blog')
    await get('/blog/chatbot-vs-live-chat')
    await get('/sitemap.xml')
    expect((await stack.mock.state()).postsRequests).toBe(1)
  })
})

describe('GET /blog', () => {
  it('shows the heading, the intro and the newest nine posts as cards', async () => {
    const { status, html, response } = await get('/blog')
    expect(status).toBe(200)
    // s-maxage counts down while the instance keeps the page, from the post list's 60 s.
    expect(response.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=(60|[1-5]\d), stale-while-revalidate=60, stale-if-error=86400$/,
    )
    const text = visibleText(html)
    expect(html).toMatch(/<h1[^>]*>Our Blog<\/h1>/)
    expect(text).toContain('Insights, tips and strategies for using AI')
    expect(html.match(/Read More →/g)).toHaveLength(9)
    expect(html).toContain('href="/blog/chatbot-vs-live-chat"')
    expect(html).not.toContain('href="/blog/ai-chatbots-small-business-guide"')
    expect(text).toContain('Page 1 of 2')
  })

  it('shows each card’s category, word count, title, preview and date', async () => {
    const { html } = await get('/blog')
    const card = html.slice(html.indexOf('Taking Restaurant Bookings'))
    const text = visibleText(html)
    expect(text).toContain('Voice Agents')
    expect(text).toContain('484 words')
    expect(text).toContain('Mar 10, 2025')
    expect(card).toContain('<time dateTime="2025-03-10T09:30:00.000Z"')
    expect(text).toContain(
      'The Friday night problem Every restaurant owner knows the scene. It is eight o’clock on a Friday, the dining room is full, the kitchen is flat out, an...',
    )
    // 23:30 UTC on 30 March 2025 is already the 31st in London.
    expect(text).toContain('Mar 31, 2025')
  })

  it('sends cards, not whole posts', async () => {
    const { html } = await get('/blog')
    expect(html).not.toContain('<h2>The Friday night problem</h2>')
    expect(html).not.toContain('Setting it up')
  })

  it('pages through the older posts', async () => {
    const { status, html } = await get('/blog?page=2')
    expect(status).toBe(200)
    expect(html.match(/Read More →/g)).toHaveLength(3)
    expect(html).toContain('href="/blog/ai-chatbots-small-business-guide"')
    expect(html).toContain(
      '<link rel="canonical" href="https://www.brightwell.example/blog?page=2"/>',
    )
  })

  it.each(['3', '0', 'abc'])('answers ?page=%s with the 404 page', async (page) => {
    const { status, html } = await get(`/blog?page=${page}`)
    expect(status).toBe(404)
    expect(html).toContain('Page not found')
  })

  it('has a title, description, canonical link, Open Graph tags and the feed link', async () => {
    const { html } = await get('/blog')
    expect(html).toContain('<title>Blog | Brightwell AI</title>')
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/)
    expect(html).toContain('<link rel="canonical" href="https://www.brightwell.example/blog"/>')
    expect(html).toContain(
      '<meta property="og:url" content="https://www.brightwell.example/blog"/>',
    )
    expect(html).toContain('<meta property="og:title" content="Blog | Brightwell AI"/>')
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/,
    )
  })
})

describe('GET /blog/{slug}', () => {
  it('shows the whole post with every field', async () => {
    const { status, html } = await get('/blog/restaurant-ai-phone-bookings')
    expect(status).toBe(200)
    const text = visibleText(html)
    expect(html).toMatch(
      /<h1[^>]*>Taking Restaurant Bookings by Phone with an AI Voice Agent<\/h1>/,
    )
    expect(text).toContain('Voice Agents')
    expect(text).toContain('Tom Davies')
    expect(text).toContain('March 10, 2025')
    expect(text).toContain('484 words')
    expect(text).toContain('published')
    expect(text).toContain('Voice Agents, Restaurants, Hospitality, Reservations')
    expect(text).toMatch(
      /The Friday night problem Every restaurant owner knows the scene\. .{100,200}\.\.\./,
    )
    expect(html).toContain('<h2>The Friday night problem</h2>')
    expect(html).toMatch(
      /<img src="\/media\/restaurant-ai-phone-bookings.svg"[^>]*width="1200" height="630"/,
    )
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>.*Back to Blog<\/a>/)
  })

  it('describes the post to crawlers: meta, Open Graph and BlogPosting JSON-LD', async () => {
    const { html } = await get('/blog/restaurant-ai-phone-bookings')
    const url = `${SITE_URL}/blog/restaurant-ai-phone-bookings`
    expect(html).toContain(
      '<title>Taking Restaurant Bookings by Phone with an AI Voice Agent | Brightwell AI</title>',
    )
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`)
    expect(html).toContain('<meta property="og:type" content="article"/>')
    expect(html).toContain(
      `<meta property="og:image" content="${SITE_URL}/media/restaurant-ai-phone-bookings.svg"/>`,
    )
    expect(html).toMatch(
      /<meta property="og:description" content="The Friday night problem[^"]*\.\.\."\/>/,
    )

    const script = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)
    const graph = JSON.parse(script![1]!)
    expect(graph['@context']).toBe('https://schema.org')
    expect(graph['@graph'][0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Taking Restaurant Bookings by Phone with an AI Voice Agent',
      url,
      datePublished: '2025-03-10T09:30:00.000Z',
      author: [{ '@type': 'Person', name: 'Tom Davies' }],
      image: [`${SITE_URL}/media/restaurant-ai-phone-bookings.svg`],
      wordCount: 484,
    })
  })

  it('shows the placeholder for a post without an image', async () => {
    const { status, html } = await get('/blog/estate-agent-lead-qualification-chatbot')
    expect(status).toBe(200)
    expect(html).not.toMatch(/<img /)
    // Link previews show the site's card instead.
    expect(html).toContain(`<meta property="og:image" content="${SITE_URL}/social-card.png"/>`)
  })

  it('answers an unknown slug with 404, "Blog post not found" and a way back, in the layout', async () => {
    const { status, html } = await get('/blog/no-such-post')
    expect(status).toBe(404)
    expect(html).toMatch(/<h1[^>]*>Blog post not found<\/h1>/)
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>← Back to Blog<\/a>/)
    expect(html).toContain('<footer')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('finds a post whose slug needs encoding only by its exact slug', async () => {
    expect((await get('/blog/CHATBOT-VS-LIVE-CHAT')).status).toBe(404)
    expect((await get('/blog/chatbot-vs-live-chat%2F..')).status).toBe(404)
  })
})

describe('GET /media/*', () => {
  it('streams the backend’s images with a long cache and a sandboxing CSP', async () => {
    const response = await fetch(`${stack.baseUrl}/media/chatbot-vs-live-chat.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400, no-transform')
    expect(response.headers.get('content-security-policy')).toContain(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(await response.text()).toMatch(/^<svg/)
  })

  it.each([
    ['a missing file', '/media/missing.svg'],
    ['a file that is not an image', '/media/not-an-image.html'],
    ['a path out of the media folder', '/media/..%2Fapp%2Fposts%2F'],
    ['a hidden file', '/media/.env'],
    ['no file', '/media/'],
  ])('answers %s with 404', async (_name, path) => {
    const response = await fetch(`${stack.baseUrl}${path}`)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('__xss')
  })
})

describe('crawler files and the feed', () => {
  it('robots.txt points at the sitemap', async () => {
    const response = await fetch(`${stack.baseUrl}/robots.txt`)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
    )
  })

  it('sitemap.xml lists home, blog, every category, every post and the legal pages with absolute URLs', async () => {
    const response = await fetch(`${stack.baseUrl}/sitemap.xml`)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await response.text()
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locations).toEqual(
      expect.arrayContaining([
        `${SITE_URL}/`,
        `${SITE_URL}/blog`,
        `${SITE_URL}/privacy-policy`,
        `${SITE_URL}/terms-of-service`,
        ...fixturePosts.map((post) => `${SITE_URL}/blog/${post.slug}`),
      ]),
    )
    // The four categories of the fixture posts have a page each.
    expect(locations).toHaveLength(4 + 4 + fixturePosts.length)
  })

  it('blog/rss.xml is an RSS 2.0 feed of every post', async () => {
    const response = await fetch(`${stack.baseUrl}/blog/rss.xml`)
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
    const xml = await response.text()
    expect(xml).toContain('<rss version="2.0"')
    expect(xml).toContain(
      `<atom:link href="${SITE_URL}/blog/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
    expect(xml.match(/<item>/g)).toHaveLength(fixturePosts.length)
    expect(xml).toContain(`<link>${SITE_URL}/blog/chatbot-vs-live-chat</link>`)
    expect(xml).toContain('<pubDate>Tue, 02 Sep 2025 12:00:00 GMT</pubDate>')
    // Every element that opens closes: a cheap well-formedness check.
    for (const tag of ['rss', 'channel', 'item', 'title', 'link', 'description', 'guid']) {
      const opened = xml.match(new RegExp(`<${tag}[ >]`, 'g'))?.length ?? 0
      expect(xml.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0, tag).toBe(opened)
    }
  })
})

describe('a failing, slow or lying backend', () => {
  let failing: Stack

  beforeAll(async () => {
    // Failing from the start: the server listens with nothing cached.
    failing = await startStack(
      { BACKEND_TIMEOUT_MS: '800', POSTS_CACHE_TTL_S: '1' },
      { mock: { posts: 'fail' } },
    )
  })
  afterAll(async () => {
    await failing?.stop()
  })

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it.each([
    ['fails with 500', 'fail', 'HTTP error! status: 500'],
    ['sends malformed JSON', 'malformed', 'Failed to fetch blogs'],
    ['sends an object, not a list', 'not-list', 'Failed to fetch blogs'],
    ['hangs past the timeout', 'hang', 'Failed to fetch blogs'],
  ] as const)(
    'when the backend %s and nothing is cached, the blog answers 502 with the error',
    async (_name, mode, message) => {
      await failing.mock.setState({ posts: mode })
      for (const path of ['/blog', '/blog/chatbot-vs-live-chat', '/blog/category/ai-chatbots']) {
        const { response, status, html } = await get(path, failing.baseUrl)
        expect(status, path).toBe(502)
        // Kept by no cache: the next visitor asks again.
        expect(response.headers.get('cache-control'), path).toBe('no-store')
        expect(html).toMatch(
          new RegExp(`<p role="alert" class="[^"]*text-red-[^"]*">Error: ${message}</p>`),
        )
        expect(html).toContain('<footer')
      }
      expect((await get('/blog/rss.xml', failing.baseUrl)).status).toBe(502)
      const sitemap = await get('/sitemap.xml', failing.baseUrl)
      expect(sitemap.status).toBe(200)
      expect(sitemap.html).toContain('/privacy-policy</loc>')
    },
  )

  it('logs why the backend failed', () => {
    expect(failing.server.output()).toContain('"msg":"backend call failed"')
    expect(failing.server.output()).toContain('"msg":"blog post list is not a list"')
  })

  it('says so when there are no posts, to 50 first visitors at once after one backend call', async () => {
    await failing.mock.setState({ posts: 'empty' })
    const before = (await failing.mock.state()).postsRequests
    const pages = await Promise.all(Array.from({ length: 50 }, () => get('/blog', failing.baseUrl)))
    for (const { status, html } of pages) {
      expect(status).toBe(200)
      expect(html).toContain('No blog posts available at the moment.')
      expect(html).not.toContain('Read More')
    }
    expect((await failing.mock.state()).postsRequests).toBe(before + 1)
  })

  it('refreshes a stale list in the background and then shows the new one', async () => {
    await failing.mock.setState({ posts: 'ok' })
    await sleep(1100)
    const stale = await get('/blog', failing.baseUrl)
    expect(stale.html).toContain('No blog posts available at the moment.')
    await expect
      .poll(async () => (await get('/blog', failing.baseUrl)).html, { timeout: 5000 })
      .toContain('Read More →')
  })

  it('keeps serving the last good list while the backend fails', async () => {
    await failing.mock.setState({ posts: 'fail' })
    await sleep(1100)
    const before = (await failing.mock.state()).postsRequests
    for (const path of ['/blog', '/blog/chatbot-vs-live-chat', '/blog/rss.xml']) {
      expect((await get(path, failing.baseUrl)).status, path).toBe(200)
    }
    await expect
      .poll(async () => (await failing.mock.state()).postsRequests)
      .toBeGreaterThan(before)
    expect((await get('/blog', failing.baseUrl)).html).toContain('Read More →')
    expect((await get('/blog/no-such-post', failing.baseUrl)).status).toBe(404)
  })

  it('shows hostile posts as text, with their scripts, handlers and frames gone', async () => {
    await failing.mock.setState({ posts: 'hostile' })
    await sleep(1100)
    await expect
      .poll(async () => (await get('/blog', failing.baseUrl)).html, { timeout: 5000 })
      .toContain('Sanitisation test one')
    const list = await get('/blog', failing.baseUrl)
    expect(list.html).toContain('Sanitisation test one &lt;script&gt;window.__xss=1&lt;/script&gt;')
    for (const slug of ['xss-test-one', 'xss-test-two', 'xss-test-three']) {
      const { status, html } = await get(`/blog/${slug}`, failing.baseUrl)
      expect(status).toBe(200)
      const body = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      expect(body).not.toMatch(
        /<script(?! type="application\/ld\+json")|onerror|javascript:|<iframe|<form|<object|<embed|<meta|srcdoc/i,
      )
      expect(body).toContain('safe')
    }
    expect(failing.server.output()).toContain('"msg":"blog post entry left out"')
  })
})

describe('a blog of 2,000 posts', () => {
  let large: Stack

  beforeAll(async () => {
    // A 20 MB answer on a busy machine: more time than the default to read it.
    large = await startStack(
      { SITE_URL, BACKEND_TIMEOUT_MS: '60000' },
      { mock: { posts: 'generated', generatedPosts: 2_000 } },
    )
  }, 60_000)
  afterAll(async () => {
    await large?.stop()
  })

  it('has read every post for search before it listens', () => {
    const [read] = logLines(large.server.output(), 'blog posts read for search')
    expect(read?.posts).toBe(2_000)
  })

  it('reaches every post: at its URL, in the pages and in the sitemap', async () => {
    const first = await get('/blog', large.baseUrl)
    expect(first.status).toBe(200)
    expect(first.html).toContain('href="/blog/generated-post-1999"')
    expect(visibleText(first.html)).toContain('Page 1 of 223')

    const last = await get('/blog?page=223', large.baseUrl)
    expect(last.status).toBe(200)
    expect(last.html.match(/Read More →/g)).toHaveLength(2)
    expect(last.html).toContain('href="/blog/generated-post-0"')

    const oldest = await get('/blog/generated-post-0', large.baseUrl)
    expect(oldest.status).toBe(200)
    expect(oldest.html).toContain('Generated post 0</h2>')

    const sitemap = await get('/sitemap.xml', large.baseUrl)
    expect(sitemap.html.match(/<loc>[^<]*\/blog\/generated-post-\d+<\/loc>/g)).toHaveLength(2_000)
    const rss = await get('/blog/rss.xml', large.baseUrl)
    expect(rss.html.match(/<item>/g)).toHaveLength(50)
    expect(rss.html).toContain(`<link>${SITE_URL}/blog/generated-post-1999</link>`)
    expect(rss.html).toContain(`<link>${SITE_URL}/blog/generated-post-1950</link>`)
    expect(rss.html).not.toContain(`<link>${SITE_URL}/blog/generated-post-1949</link>`)
    expect(large.server.output()).not.toContain('cut to its newest')
  })
})

describe('an unreachable backend', () => {
  it('answers 502 with "Failed to fetch blogs"', async () => {
    const server = await startServer({ BACKEND_URL: UNREACHABLE_URL })
    try {
      const { status, html } = await get('/blog', server.url)
      expect(status).toBe(502)
      expect(html).toContain('Error: Failed to fetch blogs')
    } finally {
      await server.stop()
    }
  })
})
