import { describe, expect, it } from 'vitest'

import { generatedPosts } from '../../mocks/fixtures/generated-posts'
import { fixturePosts, hostilePosts } from '../../mocks/fixtures/posts'
import { xssPayloads } from '../../mocks/fixtures/xss-payloads'

import { textOfHtml } from './html-text.server'

/** The parser's reading of a document: a leading comment, which holds no text, sends it there. */
const parsedText = (markup: string) => textOfHtml(`<!---->${markup}`)

describe('textOfHtml', () => {
  const documents: Array<[string, string]> = [
    ...[...fixturePosts, ...hostilePosts].map((post): [string, string] => [
      String(post.slug),
      String(post.content),
    ]),
    ...Object.entries(xssPayloads),
    ...generatedPosts(300).map((post): [string, string] => [post.slug, post.content]),
  ]

  it('reads ordinary markup with expressions as the parser reads it, on every fixture', () => {
    for (const [name, markup] of documents)
      expect(textOfHtml(markup), name).toBe(parsedText(markup))
  })

  it('reads tables, table parts outside a table, players and frames as the parser does', () => {
    for (const markup of [
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>c</td></tr></tbody></table>x',
      '<th>a</th></tr><td>b</td>c',
      '<p>a<audio controls src="/media/a.mp3">fallback</audio>b</p><iframe src="x">y</iframe>',
      '<p title="a > b">text</p><a href=\'x\'>link</a> &amp; &eacute;t&eacute;',
    ]) {
      expect(textOfHtml(markup)).toBe(parsedText(markup))
    }
  })
})
