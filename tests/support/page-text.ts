/** Reading a server-rendered page in an integration test. */

/** A page over HTTP: its answer, status and HTML. */
export async function getPage(url: string) {
  const response = await fetch(url)
  return { response, status: response.status, html: await response.text() }
}

/** The page's visible text, roughly: scripts and tags removed, entities decoded, spaces collapsed. */
export function visibleText(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}
