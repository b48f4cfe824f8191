import { describe, expect, it } from 'vitest'

import { dataPathOf, isAppDataPath, pagePathOf } from './remix-addresses'

describe("Remix's data addresses", () => {
  it('name the page whose data they ask for', () => {
    expect(pagePathOf('/_root.data')).toBe('/')
    expect(pagePathOf('/contact.data')).toBe('/contact')
    expect(pagePathOf('/blog/a-post.data')).toBe('/blog/a-post')
    expect(pagePathOf('/blog/category/ai-chatbots')).toBe('/blog/category/ai-chatbots')
  })

  it("are where a page's data is asked for", () => {
    for (const page of ['/', '/contact', '/blog/a-post']) {
      expect(pagePathOf(dataPathOf(page))).toBe(page)
      expect(isAppDataPath(dataPathOf(page))).toBe(true)
    }
  })

  it('include the route manifest, and no page', () => {
    expect(isAppDataPath('/__manifest')).toBe(true)
    for (const page of ['/', '/contact', '/blog', '/_root', '/sitemap.xml', '/database']) {
      expect(isAppDataPath(page)).toBe(false)
    }
  })
})
