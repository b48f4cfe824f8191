/**
 * React Router 6 follows a path with a backslash or a second leading slash off the site
 * (GHSA-wrjc-x8rr-h8h6, fixed only in React Router 7.18; Remix 2 gets no more fixes). The site is
 * out of its reach while every place it sends a visitor (a redirect, a Location header, a <Link>,
 * a navigate()) is built from constants or from helpers that keep any value inside one of the
 * site's own paths. This reads app/ for those places: a new one built from anything else fails
 * here with its file and line, to be made safe or reviewed below.
 */
import fs from 'node:fs'
import path from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

import { blogPageHref } from '~/blog/blog-list'
import { categoryPath, categorySlug } from '~/blog/categories'
import { postPath } from '~/blog/seo'
import { IMAGE_WIDTHS, variantPath } from '~/images/image-set'

const APP = path.resolve(import.meta.dirname)

/** Calls whose first argument is where the visitor goes. */
const REDIRECT_CALLS = new Set(['redirect', 'redirectDocument', 'replace'])
/** Elements whose `to` is where the visitor goes. */
const LINK_ELEMENTS = new Set(['Link', 'NavLink', 'Navigate'])
/** Helpers that put their arguments inside one of the site's paths (held by the test below). */
const PATH_HELPERS = new Set(['postPath', 'categoryPath', 'blogPageHref', 'variantPath'])
/** Constants of the site's own paths, imported where they are used. */
const PATH_CONSTANTS = new Set(['BLOG_PATH'])
/**
 * Targets read and judged safe, by file and source text: each names where its value comes from.
 * A new entry here needs the same reading.
 */
const REVIEWED: Record<string, Record<string, string>> = {
  'components/layout/site-footer.tsx': {
    'link.to': 'FOOTER_LINKS, a constant list in the same file',
  },
  'components/kept-markup.tsx': {
    keptLinkPath:
      "the href of a link Remix rendered for one of its routes inside the kept server markup, on the page's own origin, its path not starting with //",
  },
  'components/legal/legal-document.tsx': {
    'part.href': 'the legal copy in app/content, constant text written by the site',
  },
  'blog/category-nav.tsx': {
    'item.path': 'BLOG_PATH or categoryPath(category.slug), built in the same component',
  },
  'enquiry/enquiry-form.tsx': {
    pathname: "useLocation()'s own path, already matched to the route that renders the form",
  },
}

type Target = { file: string; line: number; kind: string; text: string; node: ts.Expression }

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every place in a module that sends the visitor somewhere, with the expression that says where. */
function targetsIn(file: string): Target[] {
  const text = fs.readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const relative = path.relative(APP, file)
  const targets: Target[] = []
  const navigateNames = new Set<string>()
  const add = (kind: string, node: ts.Expression | undefined) => {
    if (!node) return
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    targets.push({ file: relative, line: line + 1, kind, text: node.getText(source), node })
  }
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText(source) === 'useNavigate'
    ) {
      navigateNames.add(node.name.text)
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source)
      if (REDIRECT_CALLS.has(callee)) add(callee, node.arguments[0])
      if (navigateNames.has(callee)) add('navigate', node.arguments[0])
      // headers.set('Location', …) and append
      if (
        ts.isPropertyAccessExpression(node.expression) &&
        ['set', 'append'].includes(node.expression.name.text) &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0]) &&
        node.arguments[0].text.toLowerCase() === 'location'
      ) {
        add('Location header', node.arguments[1])
      }
    }
    if (ts.isPropertyAssignment(node)) {
      const name =
        ts.isIdentifier(node.name) || ts.isStringLiteralLike(node.name) ? node.name.text : ''
      if (name.toLowerCase() === 'location') add('Location header', node.initializer)
    }
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'to') {
      const element = node.parent.parent
      const tag = ts.isJsxOpeningLikeElement(element) ? element.tagName.getText(source) : ''
      if (LINK_ELEMENTS.has(tag)) {
        const value = node.initializer
        add(
          `<${tag} to>`,
          value && ts.isJsxExpression(value) ? value.expression : (value as ts.Expression),
        )
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return targets
}

/** A path that any browser and React Router keep on this site: one slash, then not another. */
function isOwnPathLiteral(value: string) {
  return /^\/(?![/\\])/.test(value) && !value.includes('\\')
}

/** Why a target is safe, or null when nothing says it is. */
function whySafe(target: Target): string | null {
  const { node } = target
  if (ts.isStringLiteralLike(node)) return isOwnPathLiteral(node.text) ? 'a literal path' : null
  if (ts.isIdentifier(node)) {
    if (PATH_CONSTANTS.has(node.text)) return 'a constant of the site'
    const declared = constantOf(node)
    if (declared !== null) return isOwnPathLiteral(declared) ? 'a constant path' : null
  }
  if (ts.isCallExpression(node) && PATH_HELPERS.has(node.expression.getText())) {
    return 'a path helper'
  }
  return REVIEWED[target.file]?.[target.text] ?? null
}

/** The string a `const NAME = '…'` in the same module holds, when that is what the name is. */
function constantOf(identifier: ts.Identifier): string | null {
  let found: string | null = null
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === identifier.text &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const &&
      node.initializer &&
      ts.isStringLiteralLike(node.initializer)
    ) {
      found = node.initializer.text
    }
    ts.forEachChild(node, visit)
  }
  visit(identifier.getSourceFile())
  return found
}

const targets = sourceFiles(APP).flatMap(targetsIn)

/** Values a visitor or the backend could put into a path. */
const HOSTILE = [
  '\\evil.example',
  '\\\\evil.example',
  '/\\evil.example',
  '//evil.example',
  '../../..//evil.example',
  '..\\..\\..\\evil.example',
  'https://evil.example',
  '%5C%5Cevil.example',
]

describe('where the site sends a visitor', () => {
  it("builds every redirect, Location header and link target from constants or the site's own path helpers", () => {
    expect(targets.length, 'the scan finds the enquiry redirect at least').toBeGreaterThan(3)
    const unsafe = targets
      .filter((target) => whySafe(target) === null)
      .map(({ file, line, kind, text }) => `app/${file}:${line} ${kind}: ${text}`)
    expect(unsafe).toEqual([])
  })

  it('keeps the reviewed exceptions to targets that still exist', () => {
    for (const [file, texts] of Object.entries(REVIEWED)) {
      for (const text of Object.keys(texts)) {
        const found = targets.some((target) => target.file === file && target.text === text)
        expect(found, `app/${file}: ${text}`).toBe(true)
      }
    }
  })

  it("keeps hostile values inside the site's paths in every path helper", () => {
    for (const value of HOSTILE) {
      const built = [
        postPath(value),
        categoryPath(categorySlug(value)),
        blogPageHref(2, { query: value }),
        blogPageHref(2, { path: categoryPath(categorySlug(value)), query: value }),
        // A variant's token is the source address in base64url and its signature (sources.server.ts).
        variantPath(
          `${Buffer.from(value).toString('base64url')}.${'s'.repeat(22)}`,
          'full',
          IMAGE_WIDTHS[0]!,
          'jpg',
        ),
      ]
      for (const target of built) {
        expect(isOwnPathLiteral(target), `${value} → ${target}`).toBe(true)
        expect(target.split(/[/?]/), `${value} → ${target}`).not.toContain('..')
        expect(/^\/(?:blog|images)(?:[/?]|$)/.test(target), `${value} → ${target}`).toBe(true)
      }
    }
  })
})
