import { describe, expect, it } from 'vitest'

import { IMAGE_SIZES } from '~/images/image-set'
import { siteImage, siteImageUrl, sourceOfToken, type ImageRules } from '~/images/sources.server'

import { hostilePosts } from '../../mocks/fixtures/posts'
import { xssPayloads } from '../../mocks/fixtures/xss-payloads'

import { textOfHtml } from './html-text.server'
import { sanitizeHtml, type SanitizeOptions } from './sanitize.server'

const rules: ImageRules = {
  backendUrl: 'http://backend.internal:8000',
  imageHosts: ['images.example.com'],
  keys: ['test-image-key'],
}
/** The source one of the site's variants names: a sanitised post sanitised again keeps its images. */
const variantSource = (src: string) =>
  sourceOfToken(/^\/images\/([^/]+)\//.exec(src)?.[1] ?? '', rules)
const options: SanitizeOptions = {
  siteUrl: 'https://www.brightwell.example',
  resolveImage: (src) => siteImage(variantSource(src) ?? src, rules),
  resolveMedia: (src) => siteImageUrl(src, rules.backendUrl),
}

/** The sanitised markup, and the text a preview takes from the same document unsanitised. */
function clean(dirty: string) {
  return { html: sanitizeHtml(dirty, options), text: textOfHtml(dirty) }
}

const FORBIDDEN_ELEMENTS =
  /<(script|iframe|frame|frameset|object|embed|form|input|button|select|textarea|option|meta|link|base|style|svg|math|template|noscript|xmp|track|marquee|body|head|html)\b/i
const FORBIDDEN_ATTRIBUTES =
  /\s(on[a-z]+|style|srcdoc|formaction|action|background|xlink:href|ping|autofocus|autoplay|poster|tabindex|shadowrootmode|http-equiv)=/i
/** A candidate of a srcset the site writes: one of its own variants. */
const VARIANT_CANDIDATE = /^\/images\/[\w-]+\.[\w-]+\/full-\d+\.(?:avif|webp|jpg) \d+w$/

function decodeAttribute(value: string) {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
}

/** Every URL-carrying attribute of the serialised output, as a browser would read it. */
function urlAttributes(html: string) {
  return [...html.matchAll(/\s(href|src|cite|data|poster|xlink:href)="([^"]*)"/gi)].map(
    ([, name, value]) => ({ name: name!, value: decodeAttribute(value!) }),
  )
}

/** `dirty` sanitises to `html`, which is inert and which sanitising again leaves as it is. */
function expectSanitisedTo(dirty: string, html: string) {
  const sanitised = clean(dirty).html
  expect(sanitised).toBe(html)
  expectInert(sanitised)
  expect(clean(sanitised).html).toBe(sanitised)
}

function expectInert(html: string) {
  expect(html).not.toMatch(FORBIDDEN_ELEMENTS)
  expect(html).not.toMatch(FORBIDDEN_ATTRIBUTES)
  for (const { name, value } of urlAttributes(html)) {
    // Browsers ignore leading control characters and whitespace before a scheme.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase()
    expect(compact, `${name}="${value}"`).not.toMatch(/^(javascript|vbscript|data|file):/)
  }
  // Only the site writes srcset and sizes, never copied from the content.
  for (const [, srcset] of html.matchAll(/\ssrcset="([^"]*)"/g)) {
    for (const candidate of decodeAttribute(srcset!).split(', ')) {
      expect(candidate).toMatch(VARIANT_CANDIDATE)
    }
  }
  for (const [, sizes] of html.matchAll(/\ssizes="([^"]*)"/g))
    expect(sizes).toBe(IMAGE_SIZES.content)
  // Players load the backend's media through the site, or https: only.
  for (const [, tag, src] of html.matchAll(/<(audio|video|source)\b[^>]*?\ssrc="([^"]*)"/g)) {
    expect(decodeAttribute(src!), tag).toMatch(/^(?:\/media\/|https:)/)
  }
}

describe('sanitizeHtml against script injection', () => {
  it.each(Object.entries(xssPayloads))('leaves nothing executable: %s', async (_name, payload) => {
    const { html } = clean(payload)
    expectInert(html)
    // Stable when parsed again: a change here would be the sign of a mutation-XSS vector.
    expect(clean(html).html).toBe(html)
  })

  it('neutralises all the payloads at once, as in a single post', async () => {
    const { html } = clean(Object.values(xssPayloads).join('\n<p>between</p>\n'))
    expectInert(html)
    expect(html).toContain('<p>between</p>')
  })

  it('neutralises the hostile fixture posts and keeps their safe text', async () => {
    const results = hostilePosts.map((post) => clean(String(post.content)))
    for (const { html } of results) expectInert(html)
    expect(results[0]!.html).toContain('<h2>A safe heading</h2>')
    expect(results[0]!.html).toContain('<strong>bold</strong>')
    expect(results[1]!.html).toContain('<li>A safe list item</li>')
    expect(results[2]!.html).toContain(
      '<blockquote><p>A safe quotation that should remain visible.</p></blockquote>',
    )
    expect(results[1]!.text).not.toContain('evil')
  })

  it('keeps the text of a link whose URL was unsafe, without the dead link', async () => {
    const { html } = clean('<p>A <a href="javascript:alert(1)">click <b>here</b></a>.</p>')
    expect(html).toBe('<p>A click <b>here</b>.</p>')
  })

  it('drops forms, buttons and embeds together with their content', async () => {
    const { html, text } = clean(
      '<p>before</p><form><label>Card number <input name=card></label><button>Pay</button></form><p>after</p>',
    )
    expect(html).toBe('<p>before</p><p>after</p>')
    expect(text).toBe('before after')
  })
})

describe('sanitizeHtml on ordinary content', () => {
  const ordinary =
    '<h2>Title</h2><p>A <strong>b</strong> <em>i</em> <code>c</code></p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table><pre><code>x = 1</code></pre>'
  const siteLinks =
    '<a href="/contact">contact</a> <a href="https://www.brightwell.example/blog">blog</a> <a href="#top">top</a> <a href="mailto:hi@example.com">mail</a>'
  const png = 'data:image/png;base64,iVBORw0KGgo='

  // Each row: what the sanitiser does, a post's markup, and the markup the page gets.
  it.each([
    ['keeps headings, lists, emphasis, quotes, tables and code', ordinary, ordinary],
    [
      'opens links to other sites in a new tab with rel="noopener noreferrer"',
      '<a href="https://ico.org.uk/guide">ICO</a> <a href="http://example.com" target="_self" rel="opener">x</a>',
      '<a href="https://ico.org.uk/guide" target="_blank" rel="noopener noreferrer">ICO</a> <a href="http://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['leaves links within the site as they are', siteLinks, siteLinks],
    [
      'shows SVG and images on other hosts as given, lazy-loaded',
      '<img src="/media/a.svg" alt="A"><img src="http://backend.internal:8000/media/b.svg" alt="B"><img src="https://cdn.example.com/c.webp" alt="C">',
      '<img src="/media/a.svg" alt="A" loading="lazy" decoding="async"><img src="/media/b.svg" alt="B" loading="lazy" decoding="async"><img src="https://cdn.example.com/c.webp" alt="C" loading="lazy" decoding="async">',
    ],
    [
      'drops images the page could not show safely',
      '<p>x</p><img src="http://insecure.example.com/a.png" alt="a"><img alt="no source"><img src="/etc/passwd">',
      '<p>x</p>',
    ],
    [
      'keeps raster data images',
      `<img src="${png}" alt="dot">`,
      `<img src="${png}" alt="dot" loading="lazy" decoding="async">`,
    ],
    ['drops SVG data images', '<img src="data:image/svg+xml,<svg/>" alt="x">', ''],
  ])('%s', (_does, dirty, html) => {
    expect(clean(dirty).html).toBe(html)
  })

  it('gives the text a reader sees: tags gone, entities decoded, blocks apart', async () => {
    const { text } = clean(
      '<h2>Costs</h2><p>From&nbsp;&pound;500 &amp; up &ndash; it&rsquo;s &lt;cheap&gt;</p><ul><li>one</li><li>two</li></ul>line<br>break',
    )
    expect(text).toBe('Costs From £500 & up – it’s <cheap> one two line break')
  })
})

describe('textOfHtml', () => {
  const documents = [
    ...Object.entries(xssPayloads),
    ...hostilePosts.map((post) => [post.slug, String(post.content)] as const),
  ]

  it.each(documents)('reads the text the sanitised document shows: %s', (_name, dirty) => {
    expect(textOfHtml(dirty)).toBe(textOfHtml(sanitizeHtml(dirty, options)))
  })

  it('leaves out scripts, styles, SVG and what forms hold', () => {
    expect(
      textOfHtml(
        '<p>a</p><script>evil()</script><style>p{}</style><svg><text>svg</text></svg><form>pay<button>now</button></form><template>t</template><p>b</p>',
      ),
    ).toBe('a b')
  })
})

describe('sanitizeHtml on images', () => {
  /** What the site offers of an image it makes variants of, written out in full. */
  function picture(source: string, attributes: string) {
    const { token } = siteImage(source, rules) as { token: string }
    const sizes = `sizes="${IMAGE_SIZES.content}"`
    const srcset = (format: string) =>
      `srcset="${[400, 720, 960, 1200, 1680].map((width) => `/images/${token}/full-${width}.${format} ${width}w`).join(', ')}"`
    return `<picture><source type="image/avif" ${srcset('avif')} ${sizes}><source type="image/webp" ${srcset('webp')} ${sizes}><img src="/images/${token}/full-1680.jpg" ${attributes} ${srcset('jpg')} ${sizes} loading="lazy" decoding="async"></picture>`
  }

  it.each([
    [
      'offers the variants of the backend’s raster images, keeping their size',
      '<p><img src="/media/a.png" alt="A" width="800" height="600"></p><img src="http://backend.internal:8000/media/b.jpg" alt="B">',
      `<p>${picture('/media/a.png', 'alt="A" width="800" height="600"')}</p>${picture('/media/b.jpg', 'alt="B"')}`,
    ],
    [
      'offers the variants of images on an allowed host',
      '<img src="https://images.example.com/d.jpg" alt="D">',
      picture('https://images.example.com/d.jpg', 'alt="D"'),
    ],
    [
      'never keeps the content’s own srcset and sizes',
      '<img src="https://cdn.example.com/c.webp" srcset="https://evil.example/x.jpg 2x" sizes="1px" alt="C"><img src="/media/a.png" srcset="/elsewhere.jpg 1x" alt="A">',
      `<img src="https://cdn.example.com/c.webp" alt="C" loading="lazy" decoding="async">${picture('/media/a.png', 'alt="A"')}`,
    ],
    [
      'replaces the content’s own <picture> and its sources with the site’s',
      '<picture><source srcset="javascript:alert(1) 1x" type="image/avif"><source srcset="https://evil.example/a.webp"><img src="/media/a.png" alt="A"></picture>',
      picture('/media/a.png', 'alt="A"'),
    ],
    [
      'drops sources outside a player or the site’s pictures',
      '<p>x<source srcset="https://evil.example/a.webp 1x" src="https://cdn.example.com/a.mp3" type="audio/mpeg"></p>',
      '<p>x</p>',
    ],
  ])('%s', (_does, dirty, html) => {
    const sanitised = clean(dirty).html
    expect(sanitised).toBe(html)
    expectInert(sanitised)
  })

  it('signs what it offers: the variants name their source under the site’s key', () => {
    const html = clean('<img src="/media/a.png" alt="A">').html
    const token = /src="\/images\/([^/]+)\/full-1680\.jpg"/.exec(html)?.[1] ?? ''
    expect(sourceOfToken(token, rules)).toBe('/media/a.png')
  })
})

describe('sanitizeHtml on audio and video', () => {
  it.each([
    [
      'keeps audio from the backend’s media, with controls, loading nothing until played',
      '<audio src="/media/talk.mp3" autoplay loop muted>Your browser does not support audio</audio>',
      '<audio controls="" preload="none" src="/media/talk.mp3">Your browser does not support audio</audio>',
    ],
    [
      'keeps the acceptable sources of audio and drops the rest',
      '<audio controls preload="auto"><source src="http://backend.internal:8000/media/a.ogg" type="audio/ogg" media="x"><source src="https://cdn.example.com/a.mp3" type="audio/mpeg"><source src="http://cdn.example.com/a.mp3"><source src="talk.mp3"><track kind="captions" src="https://cdn.example.com/a.vtt"></audio>',
      '<audio controls="" preload="none"><source src="/media/a.ogg" type="audio/ogg"><source src="https://cdn.example.com/a.mp3" type="audio/mpeg"></audio>',
    ],
    [
      'keeps https: video only, without autoplay or poster',
      '<video src="https://cdn.example.com/v.mp4" poster="https://cdn.example.com/p.jpg" autoplay muted loop playsinline width="640">fallback</video><video><source src="/media/v.mp4"><source src="https://cdn.example.com/v.webm" type="video/webm"></video>',
      '<video controls="" preload="none" src="https://cdn.example.com/v.mp4">fallback</video><video controls="" preload="none"><source src="https://cdn.example.com/v.webm" type="video/webm"></video>',
    ],
    [
      'removes audio without an acceptable source, with its content',
      '<p>a</p><audio src="javascript:alert(1)">x</audio><audio src="http://cdn.example.com/a.mp3">x</audio><audio src="data:audio/mpeg;base64,AAAA">x</audio><audio src="blob:https://www.brightwell.example/1">x</audio><audio src="talk.mp3">x</audio><audio controls><source src="ftp://cdn.example.com/a.mp3">x<p>text</p></audio><p>b</p>',
      '<p>a</p><p>b</p>',
    ],
    [
      'removes video from the backend or not on https:, with its content',
      '<p>a</p><video src="/media/v.mp4">x</video><video src="http://backend.internal:8000/media/v.mp4">x</video><video src="http://cdn.example.com/v.mp4">x</video><video src="data:video/mp4;base64,AAAA">x</video><video src="blob:https://www.brightwell.example/1">x</video><video poster="https://cdn.example.com/p.jpg">x</video><p>b</p>',
      '<p>a</p><p>b</p>',
    ],
  ])('%s', (_does, dirty, html) => expectSanitisedTo(dirty, html))

  it('drops a relative address other than media, which names the backend', () => {
    const resolveMedia = (src: string) => siteImageUrl(src, 'https://backend.example')
    const dirty =
      '<audio src="talk.mp3">x</audio><audio src="/api/talk.mp3">x</audio><audio src="/media/a.mp3">y</audio>'
    expect(sanitizeHtml(dirty, { ...options, resolveMedia })).toBe(
      '<audio controls="" preload="none" src="/media/a.mp3">y</audio>',
    )
  })

  it('leaves a player’s fallback text out of previews', () => {
    const dirty = '<p>a</p><audio src="/media/a.mp3">No audio here</audio><p>b</p>'
    expect(textOfHtml(dirty)).toBe('a b')
    expect(textOfHtml(clean(dirty).html)).toBe('a b')
  })
})

describe('sanitizeHtml on embedded videos', () => {
  const link = (href: string, text: string) =>
    `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`

  it.each([
    [
      'links to a YouTube video instead of its player',
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" allowfullscreen></iframe>',
      `<p>${link('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Watch the video on YouTube')}</p>`,
    ],
    [
      'names the video by the player’s title',
      '<iframe title="Our  office tour " src="https://www.youtube-nocookie.com/embed/abc-123_xyz"></iframe><iframe src="https://youtu.be/abc123xyz"></iframe>',
      `<p>${link('https://www.youtube.com/watch?v=abc-123_xyz', 'Watch “Our  office tour” on YouTube')}</p><p>${link('https://www.youtube.com/watch?v=abc123xyz', 'Watch the video on YouTube')}</p>`,
    ],
    [
      'links to a Vimeo video',
      '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e"></iframe><iframe src="https://vimeo.com/123456"></iframe>',
      `<p>${link('https://vimeo.com/76979871', 'Watch the video on Vimeo')}</p><p>${link('https://vimeo.com/123456', 'Watch the video on Vimeo')}</p>`,
    ],
    [
      'puts the link in the paragraph that held the player',
      '<p>See <span><iframe src="https://youtube.com/embed/abc123xyz"></iframe></span></p>',
      `<p>See <span>${link('https://www.youtube.com/watch?v=abc123xyz', 'Watch the video on YouTube')}</span></p>`,
    ],
    [
      'keeps the player’s title as text only, and none of its attributes',
      `<iframe title='"></a><script>alert(1)</script>' src="https://www.youtube.com/embed/abc123xyz" onload="alert(1)" srcdoc="<script>alert(1)</script>"></iframe>`,
      `<p>${link('https://www.youtube.com/watch?v=abc123xyz', 'Watch “"&gt;&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt;” on YouTube')}</p>`,
    ],
    [
      'drops other frames, and players it cannot name safely',
      [
        'http://www.youtube.com/embed/abc123xyz',
        'https://www.youtube.com.evil.example/embed/abc123xyz',
        'https://evil.example/www.youtube.com/embed/abc123xyz',
        'https://www.youtube.com:8443/embed/abc123xyz',
        'https://www.youtube.com/embed/abc12',
        'https://www.youtube.com/embed/abc123xyz"onload=alert(1)',
        'https://www.youtube.com/embed/abc123xyz/../../evil',
        'https://www.youtube.com/watch?v=abc123xyz',
        'https://player.vimeo.com/video/123abc',
        'javascript:alert(1)//https://www.youtube.com/embed/abc123xyz',
      ]
        .map((src) => `<iframe src="${src.replace(/"/g, '&quot;')}"></iframe>`)
        .join(''),
      '',
    ],
    [
      'does not nest a link in a link',
      '<a href="/video">Our <iframe src="https://www.youtube.com/embed/abc123xyz"></iframe>video</a>',
      '<a href="/video">Our video</a>',
    ],
    [
      'drops a frame in SVG',
      '<svg><iframe src="https://www.youtube.com/embed/abc123xyz"></iframe></svg><p>x</p>',
      '<p>x</p>',
    ],
  ])('%s', (_does, dirty, html) => expectSanitisedTo(dirty, html))
})
