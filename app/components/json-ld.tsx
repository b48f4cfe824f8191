/**
 * A JSON-LD block for search engines. `json` comes from `jsonLdGraph` (app/lib/structured-data.ts),
 * which escapes everything that could end the script. A data block is never executed, so the CSP
 * needs no hash for it.
 */
export function JsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}
