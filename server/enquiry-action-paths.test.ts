/**
 * The Origin check guards the form's addresses only. Remix 2 gets no more fixes, and its own
 * CSRF check had gaps (an action reached by PUT, PATCH or DELETE in the version line after it):
 * a route that gains an action outside these addresses must fail here, not in production.
 */
import fs from 'node:fs'
import path from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

import { ENQUIRY_ACTION_PATHS } from './form-served-at'
import { dataPathOf } from './remix-addresses'

const ROOT = path.resolve(import.meta.dirname, '..')
const ROUTES = path.join(ROOT, 'app/routes')

/** Whether the module exports `action` (a function, a const, or a re-export). */
function exportsAction(file: string): boolean {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  return source.statements.some((statement) => {
    if (ts.isFunctionDeclaration(statement)) {
      return isExported(statement) && statement.name?.text === 'action'
    }
    if (ts.isVariableStatement(statement)) {
      return (
        isExported(statement) &&
        statement.declarationList.declarations.some(
          (declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === 'action',
        )
      )
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause) {
      return (
        ts.isNamedExports(statement.exportClause) &&
        statement.exportClause.elements.some((element) => element.name.text === 'action')
      )
    }
    return false
  })
}

/**
 * The URL path of a flat route file: `contact.tsx` → `/contact`, `_index.tsx` → `/`,
 * `blog.$slug.tsx` → `/blog/:slug`, `robots[.]txt.ts` → `/robots.txt`.
 */
function urlPathOfRoute(fileName: string): string {
  const name = fileName.replace(/\.(tsx?|jsx?)$/, '')
  const segments = name
    .split(/\.(?![^[]*\])/)
    .map((segment) => segment.replace(/\[(.*?)\]/g, '$1'))
    .filter((segment) => segment !== '_index' && !segment.startsWith('_'))
    .map((segment) => (segment.startsWith('$') ? `:${segment.slice(1) || '*'}` : segment))
    .map((segment) => segment.replace(/_$/, ''))
  return `/${segments.join('/')}`
}

const actionRoutes = fs
  .readdirSync(ROUTES)
  .filter((file) => /\.(tsx?|jsx?)$/.test(file) && !/\.test\./.test(file))
  .filter((file) => exportsAction(path.join(ROUTES, file)))

describe('the Origin check', () => {
  it('covers every route module that exports an action', () => {
    expect(actionRoutes.length, 'the enquiry form has an action').toBeGreaterThan(0)
    for (const file of actionRoutes) {
      const pagePath = urlPathOfRoute(file)
      expect(ENQUIRY_ACTION_PATHS, `${file} posts to ${pagePath}`).toContain(pagePath)
      expect(ENQUIRY_ACTION_PATHS, `${file}'s data address`).toContain(dataPathOf(pagePath))
    }
  })

  it('is put on those addresses by server.ts', () => {
    const server = fs.readFileSync(path.join(ROOT, 'server.ts'), 'utf8')
    expect(server).toMatch(/app\.post\(\s*ENQUIRY_ACTION_PATHS,\s*refuseForeignOrigin\(/)
  })

  it('reads the URL path of a route file as Remix does', () => {
    expect(urlPathOfRoute('contact.tsx')).toBe('/contact')
    expect(urlPathOfRoute('_index.tsx')).toBe('/')
    expect(urlPathOfRoute('blog.$slug.tsx')).toBe('/blog/:slug')
    expect(urlPathOfRoute('blog.category.$slug.rss[.]xml.ts')).toBe('/blog/category/:slug/rss.xml')
    expect(urlPathOfRoute('media.$.tsx')).toBe('/media/:*')
  })
})
