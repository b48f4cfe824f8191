/**
 * Finding a post among many, over HTTP against the production server: the search at /blog?q=,
 * category pages and their feeds, and the related and adjacent posts under a post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fixturePosts } from '../../mocks/fixtures/posts'
import { getPage, visibleText } from '../support/page-text'
import { startStack, type Stack } from '../support/stack'

const SITE_URL = 'https://www.brightwell.example'

let stack: Stack
let generated: Stack

beforeAll(async () => {
  const started = await Promise.all([
    startStack({ SITE_URL }),
    // 60 posts: 15 in each of the fixtures' four categories, so categories have two pages.
    startStack(
      { SITE_URL, POSTS_CACHE_TTL_S: '1' },
      { mock: { posts: 'generated', generatedPosts: 60 } },
    ),
  ])
  stack = started[0]
  generated = started[1]
})
afterAll(async () => {
  await Promise.all([stack?.stop(), generated?.stop()])
})

const get = (path: string, base = stack.baseUrl) => getPage(`${base}${path}`)

/** A page's caching rule without s-maxage, which counts down while the instance keeps it. */
const sharedWindow = (response: Response) =>
  response.headers.get('cache-control')?.replace(/s-maxage=\d+/, 's-maxage=N')

/** The posts a page lists as cards, in order. */
const cardSlugs = (html: string) =>
  [...html.matchAll(/<a[^>]*href="\/blog\/([^"/?]+)"[^>]*>Read More →/g)].map((match) => match[1])

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

describe('the search form', () => {
  it.each(['/blog', '/blog?q=voice', '/blog/category/voice-agents'])(
    'is on %s: a GET form to /blog with a labelled field named q',
    async (path) => {
      const { html } = await get(path)
      expect(html).toMatch(/<form method="get" action="\/blog" role="search"/)
      const input = /<input[^>]*name="q"[^>]*>/.exec(html)?.[0] ?? ''
      const id = /id="([^"]+)"/.exec(input)?.[1]
      expect(id).toBeTruthy()
      expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>Search the blog</label>`))
    },
  )
})

describe('GET /blog?q=', () => {
  it('finds the posts with every word, title matches first, says how many and shows q back', async () => {
    const { status, html } = await get('/blog?q=voice+agents')
    expect(status).toBe(200)
    const slugs = cardSlugs(html)
    // The two posts with both words in their titles come before those with them elsewhere.
    expect(slugs.slice(0, 2).sort()).toEqual([
      'ai-voice-agents-for-tradespeople',
      'voice-agents-dental-clinics',
    ])
    expect(slugs).toContain('restaurant-ai-phone-bookings')
    expect(visibleText(html)).toContain(`${slugs.length} posts match “voice agents”`)
    expect(html).toMatch(/<div role="status"[^>]*>/)
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="voice agents"/)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).not.toContain('<link rel="canonical"')
  })

  it('ignores case and accents, and reads the last word as a prefix too', async () => {
    const plain = cardSlugs((await get('/blog?q=dental')).html)
    // The post with the word in its title first.
    expect(plain[0]).toBe('voice-agents-dental-clinics')
    expect(cardSlugs((await get('/blog?q=D%C3%89NTAL')).html)).toEqual(plain)
    // 'dent' starts 'dental' and 'dentist' alike.
    expect(cardSlugs((await get('/blog?q=dent')).html)).toEqual(expect.arrayContaining(plain))
    // Only the last word: 'dent clinics' needs the whole word 'dent'.
    expect(cardSlugs((await get('/blog?q=dent+clinics')).html)).toEqual([])
  })

  it('needs every word: a post with only some of them is not a match', async () => {
    expect(cardSlugs((await get('/blog?q=restaurant+salon')).html)).toEqual([])
  })

  it('keeps q on its pages, nine cards each, and answers a page past the end with 404', async () => {
    const first = await get('/blog?q=the')
    const count = Number(/(\d+) posts match/.exec(visibleText(first.html))?.[1])
    expect(count).toBeGreaterThan(9)
    expect(cardSlugs(first.html)).toHaveLength(9)
    expect(first.html).toContain('href="/blog?q=the&amp;page=2"')
    const second = await get('/blog?q=the&page=2')
    expect(second.status).toBe(200)
    expect(cardSlugs(second.html)).toHaveLength(count - 9)
    expect(second.html).toContain('href="/blog?q=the"')
    expect((await get('/blog?q=the&page=3')).status).toBe(404)
  })

  it('says "No posts match" with q quoted and links back to every post', async () => {
    const { status, html } = await get('/blog?q=quantum+zebra')
    expect(status).toBe(200)
    expect(visibleText(main(html))).toContain('No posts match “quantum zebra”')
    expect(main(html)).toMatch(/<a[^>]*href="\/blog"[^>]*>See all posts<\/a>/)
    expect(cardSlugs(html)).toEqual([])
    expect((await get('/blog?q=quantum+zebra&page=2')).status).toBe(404)
  })

  it.each([
    ['only spaces', '%20%20%20'],
    ['nothing', ''],
  ])('with %s in q shows the list as before', async (_name, q) => {
    const { status, html } = await get(`/blog?q=${q}`)
    expect(status).toBe(200)
    expect(cardSlugs(html)).toEqual(cardSlugs((await get('/blog')).html))
    expect(html).not.toContain('<meta name="robots" content="noindex"/>')
  })

  it.each([
    ['markup', '<script>alert(1)</script><img src=x onerror=alert(2)>'],
    ['quotes', `"'"'\`"`],
    ['a NUL', 'voice\u0000agents'],
    ['only punctuation', '!!! ??? ...'],
    ['5,000 characters', 'voice '.repeat(1_000)],
    ['characters beyond the basic plane', '😀'.repeat(300)],
  ])('never fails on %s: shown escaped, cut to 200 characters', async (_name, q) => {
    const { status, html } = await get(`/blog?q=${encodeURIComponent(q)}`)
    expect(status).toBe(200)
    expect(main(html)).not.toMatch(/<script>alert|<img src=x/)
    const value = /<input[^>]*name="q"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? ''
    expect(Array.from(value.replace(/&[a-z#0-9]+;/g, '_')).length).toBeLessThanOrEqual(200)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('renders a search once for every visitor who asks the same, however the query is written', async () => {
    await get('/blog?q=gdpr+guide&page=1')
    const again = await get('/blog?page=1&q=gdpr%20guide')
    expect(again.response.headers.get('server-timing')).toContain('desc="page cache"')
    expect(cardSlugs(again.html)).toContain('gdpr-and-ai-uk-guide')
  })

  it('answers a search with the same caching headers as the list', async () => {
    const list = await get('/blog')
    const search = await get('/blog?q=voice')
    expect(sharedWindow(search.response)).toBe(sharedWindow(list.response))
    expect(search.response.headers.get('set-cookie')).toBeNull()
  })
})

describe('the blog list', () => {
  it('links every category with its number of posts', async () => {
    const { html } = await get('/blog')
    const nav = /<nav aria-label="Categories"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
    const text = visibleText(nav)
    for (const [name, slug] of [
      ['AI Chatbots', 'ai-chatbots'],
      ['Automation', 'automation'],
      ['Business Strategy', 'business-strategy'],
      ['Voice Agents', 'voice-agents'],
    ]) {
      expect(nav).toContain(`href="/blog/category/${slug}"`)
      expect(text).toContain(`${name} (3)`)
    }
    expect(text).toContain(`All posts (${fixturePosts.length})`)
  })

  it('links each card’s category label to the category’s page', async () => {
    const { html } = await get('/blog')
    const card = html.slice(html.indexOf('Taking Restaurant Bookings') - 1500)
    expect(card).toMatch(/<a[^>]*href="\/blog\/category\/voice-agents"[^>]*>Voice Agents<\/a>/)
  })
})

describe('GET /blog/category/{slug}', () => {
  it('lists the category’s posts newest first under its name, with canonical link and feed', async () => {
    const { status, html, response } = await get('/blog/category/voice-agents')
    expect(status).toBe(200)
    expect(html).toMatch(/<h1[^>]*>Voice Agents<\/h1>/)
    expect(cardSlugs(html)).toEqual([
      'restaurant-ai-phone-bookings',
      'voice-agents-dental-clinics',
      'ai-voice-agents-for-tradespeople',
    ])
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/blog/category/voice-agents"/>`)
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/category\/voice-agents\/rss.xml"/,
    )
    expect(html).toContain('aria-current="page"')
    expect(html).not.toContain('<meta name="robots"')
    const list = await get('/blog')
    expect(sharedWindow(response)).toBe(sharedWindow(list.response))
  })

  it('describes its place with a BreadcrumbList: Home, Blog, the category', async () => {
    const { html } = await get('/blog/category/ai-chatbots')
    const script = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)
    const graph = JSON.parse(script![1]!)['@graph']
    expect(graph[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${SITE_URL}/` },
        { position: 2, name: 'Our Blog', item: `${SITE_URL}/blog` },
        { position: 3, name: 'AI Chatbots', item: `${SITE_URL}/blog/category/ai-chatbots` },
      ],
    })
  })

  it.each(['no-such-category', 'Voice-Agents', 'voice-agents-'])(
    'answers %s with the 404 page in the site’s layout',
    async (slug) => {
      const { status, html } = await get(`/blog/category/${slug}`)
      expect(status).toBe(404)
      expect(html).toContain('Page not found')
      expect(html).toContain('<footer')
      expect(html).toContain('<meta name="robots" content="noindex"/>')
    },
  )

  it('pages through a long category, with its own canonical address per page', async () => {
    const first = await get('/blog/category/voice-agents', generated.baseUrl)
    expect(cardSlugs(first.html)).toHaveLength(9)
    expect(first.html).toContain('href="/blog/category/voice-agents?page=2"')
    const second = await get('/blog/category/voice-agents?page=2', generated.baseUrl)
    expect(second.status).toBe(200)
    expect(cardSlugs(second.html)).toHaveLength(6)
    expect(second.html).toContain(
      `<link rel="canonical" href="${SITE_URL}/blog/category/voice-agents?page=2"/>`,
    )
    const dates = [...first.html.matchAll(/<time dateTime="([^"]+)"/g)].map((match) => match[1]!)
    expect(dates).toEqual([...dates].sort().reverse())
    expect((await get('/blog/category/voice-agents?page=3', generated.baseUrl)).status).toBe(404)
  })
})

describe('GET /blog/category/{slug}/rss.xml', () => {
  it('is the category’s RSS feed with absolute URLs from SITE_URL', async () => {
    const response = await fetch(`${stack.baseUrl}/blog/category/voice-agents/rss.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
    const blogFeed = await fetch(`${stack.baseUrl}/blog/rss.xml`)
    expect(sharedWindow(response)).toBe(sharedWindow(blogFeed))
    const xml = await response.text()
    expect(xml.match(/<item>/g)).toHaveLength(3)
    expect(xml).toContain(`<link>${SITE_URL}/blog/category/voice-agents</link>`)
    expect(xml).toContain(
      `<atom:link href="${SITE_URL}/blog/category/voice-agents/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
    expect(xml).toContain(`<link>${SITE_URL}/blog/restaurant-ai-phone-bookings</link>`)
    expect(xml).not.toContain('<category>AI Chatbots</category>')
  })

  it('answers an unknown category with 404', async () => {
    const response = await fetch(`${stack.baseUrl}/blog/category/nothing-here/rss.xml`)
    expect(response.status).toBe(404)
  })
})

describe('the sitemap', () => {
  it('lists every category page', async () => {
    const xml = await (await fetch(`${stack.baseUrl}/sitemap.xml`)).text()
    for (const slug of ['ai-chatbots', 'automation', 'business-strategy', 'voice-agents']) {
      expect(xml).toContain(`<loc>${SITE_URL}/blog/category/${slug}</loc>`)
    }
  })
})

describe('under a post', () => {
  it('shows up to three related posts, never itself, and the posts either side', async () => {
    const { html } = await get('/blog/restaurant-ai-phone-bookings')
    const related = /<section aria-labelledby="related-posts"[\s\S]*?<\/section>/.exec(html)?.[0]
    expect(related).toMatch(/<h2[^>]*>Related posts<\/h2>/)
    const slugs = [...related!.matchAll(/href="\/blog\/([^"/]+)"/g)].map((match) => match[1])
    expect(slugs).toEqual(['voice-agents-dental-clinics', 'ai-voice-agents-for-tradespeople'])
    // Next older and next newer in the list.
    expect(html).toMatch(
      /<a[^>]*href="\/blog\/estate-agent-lead-qualification-chatbot"[^>]*>.*Previous post/,
    )
    expect(html).toMatch(/<a[^>]*href="\/blog\/measuring-roi-of-ai-automation"[^>]*>Next post/)
    expect(html).toMatch(/<a[^>]*href="\/blog\/category\/voice-agents"[^>]*>Voice Agents<\/a>/)
  })

  it('has no next post on the newest and no previous post on the oldest', async () => {
    const newest = await get('/blog/chatbot-vs-live-chat')
    expect(newest.html).toContain('Previous post')
    expect(newest.html).not.toContain('Next post')
    const oldest = await get('/blog/ai-chatbots-small-business-guide')
    expect(oldest.html).toContain('Next post')
    expect(oldest.html).not.toContain('Previous post')
  })

  it('fills three related posts from the category first when it has more', async () => {
    const { html } = await get('/blog/generated-post-30', generated.baseUrl)
    const related = /<section aria-labelledby="related-posts"[\s\S]*?<\/section>/.exec(html)?.[0]
    const slugs = [...related!.matchAll(/href="\/blog\/([^"/]+)"/g)].map((match) => match[1])
    expect(slugs).toHaveLength(3)
    expect(slugs).not.toContain('generated-post-30')
  })
})

describe('search follows the post list', () => {
  it('reads the one post that changed again', async () => {
    expect(cardSlugs((await get('/blog?q=revised', generated.baseUrl)).html)).toEqual([])
    await generated.mock.setState({ revision: 1 })
    await expect
      .poll(async () => cardSlugs((await get('/blog?q=revised', generated.baseUrl)).html), {
        timeout: 10_000,
      })
      .toEqual(['generated-post-30'])
    // After the refresh the changed post alone is read again for search.
    const reads = generated.server.output().match(/"blog posts read for search",[^}]*/g) ?? []
    expect(reads.at(-1)).toMatch(/"posts":1,/)
  })
})
