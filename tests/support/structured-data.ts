/**
 * Structured data as search engines read it: @marbec/web-auto-extractor takes the JSON-LD,
 * microdata and RDFa out of a page, and @adobe/structured-data-validator checks them against
 * Google's rich-result rules (BreadcrumbList, Organization, Person, ImageObject, ...). The
 * validator has no rules of its own for articles and site names, so Google's are added below.
 */
import Validator, { type Issue } from '@adobe/structured-data-validator'
import BaseValidator from '@adobe/structured-data-validator/src/types/base.js'
import WebAutoExtractor, { type ExtractedData } from '@marbec/web-auto-extractor'

/**
 * Google's article properties (developers.google.com/search/docs/appearance/structured-data/article).
 * Google lists them as recommended; this site treats them as required. The author's name is
 * checked by the validator's own Person and Organization rules. dateModified exists only when the
 * backend sent updated_at, so tests check it where they expect it.
 */
class ArticleRules extends BaseValidator {
  getConditions() {
    return [
      this.required('headline', 'string'),
      this.required('image'),
      this.required('datePublished', 'date'),
      this.required('author'),
    ].map((condition) => condition.bind(this))
  }
}

/** Google's site name: a WebSite on the home page with its name and address. */
class WebSiteRules extends BaseValidator {
  getConditions() {
    return [this.required('name', 'string'), this.required('url', 'url')].map((condition) =>
      condition.bind(this),
    )
  }
}

export type StructuredData = { data: ExtractedData; issues: Issue[] }

/** Everything a validator says about a page's structured data, warnings included. */
export async function validateStructuredData(html: string): Promise<StructuredData> {
  const data = new WebAutoExtractor({ addLocation: true }).parse(html)
  // The extractor's own result is checked: validate() edits what it is given.
  const types = structuredClone(data)
  // Without schema.org's vocabulary (a download) the validator checks Google's rules only.
  const validator = new Validator()
  for (const type of ['Article', 'BlogPosting', 'NewsArticle']) {
    validator.registeredHandlers[type] = [async () => ({ default: ArticleRules })]
  }
  validator.registeredHandlers.WebSite = [async () => ({ default: WebSiteRules })]
  return { data: types, issues: await validator.validate(data) }
}
