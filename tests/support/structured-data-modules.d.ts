// The validator and its extractor ship JavaScript without types; these are the parts used here.
declare module '@marbec/web-auto-extractor' {
  export type ExtractedData = {
    jsonld: Record<string, Array<Record<string, unknown>>>
    microdata: Record<string, unknown>
    rdfa: Record<string, unknown>
    errors?: unknown[]
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] | boolean })
    parse(html: string): ExtractedData
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor'

  export type Issue = {
    rootType: string
    issueMessage: string
    severity: 'ERROR' | 'WARNING'
    fieldNames?: string[]
  }
  type Handler = () => Promise<{ default: unknown }>
  export default class Validator {
    constructor(schemaOrgJson?: unknown)
    registeredHandlers: Record<string, Handler[]>
    validate(data: ExtractedData): Promise<Issue[]>
  }
}

declare module '@adobe/structured-data-validator/src/types/base.js' {
  type Condition = (data: Record<string, unknown>) => unknown
  export default class BaseValidator {
    constructor(options: { dataFormat: string; path: unknown[] })
    getConditions(): Condition[]
    required(name: string, type?: string): Condition
    recommended(name: string, type?: string): Condition
  }
}
