import { describe, expect, it } from 'vitest'

import { hostilePosts } from '../../mocks/fixtures/posts'
import { xssPayloads } from '../../mocks/fixtures/xss-payloads'

import { textOfHtml } from './html-text.server'
import { siteImageUrl } from './media.server'
import { sanitizeHtml, type SanitizeOptions } from './sanitize.server'

const options: SanitizeOptions = {
  siteUrl: 'https://www.brightwell.example',
  resolveImageSrc: (src) => siteImageUrl(src, 'http://backend.internal:8000'),
}

/** The sanitised markup, and the text a preview takes from the same document unsanitised. */
function clean(dirty: string) {
  return { html: sanitizeHtml(dirty, options), text: textOfHtml(dirty) }
}

const FORBIDDEN_ELEMENTS =
  /<(script|iframe|frame|frameset|object|embed|form|input|button|select|textarea|option|meta|link|base|style|svg|math|template|noscript|xmp|video|audio|source|marquee|body|head|html)\b/i
const FORBIDDEN_ATTRIBUTES =
  /\s(on[a-z]+|style|srcdoc|srcset|formaction|action|background|xlink:href|ping|autofocus|tabindex|shadowrootmode|http-equiv)=/i

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

function expectInert(html: string) {
  expect(html).not.toMatch(FORBIDDEN_ELEMENTS)
  expect(html).not.toMatch(FORBIDDEN_ATTRIBUTES)
  for (const { name, value } of urlAttributes(html)) {
    // Browsers ignore leading control characters and whitespace before a scheme.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase()
    expect(compact, `${name}="${value}"`).not.toMatch(/^(javascript|vbscript|data|file):/)
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
    // eslint-disable-next-line no-script-url -- the attack under test
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
      'serves the backend’s images through the site and lazy-loads every image',
      '<img src="/media/a.png" alt="A"><img src="http://backend.internal:8000/media/b.jpg" alt="B"><img src="https://cdn.example.com/c.webp" alt="C">',
      '<img src="/media/a.png" alt="A" loading="lazy" decoding="async"><img src="/media/b.jpg" alt="B" loading="lazy" decoding="async"><img src="https://cdn.example.com/c.webp" alt="C" loading="lazy" decoding="async">',
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
