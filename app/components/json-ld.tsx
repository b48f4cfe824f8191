import { useNonce } from './nonce'

/**
 * A JSON-LD block for search engines. `json` comes from `jsonLdGraph` (app/lib/structured-data.ts),
 * which escapes everything that could end the script. A data block is not executed; the nonce keeps
 * it valid under any stricter CSP, and the browser hides the nonce after parsing, hence the
 * hydration warning suppression.
 */
export function JsonLd({ json }: { json: string }) {
  const nonce = useNonce()
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
