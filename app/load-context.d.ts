/**
 * What the server hands to every loader and action, and to the entry that renders the page. The
 * server builds these; the app describes only what it uses of them, so nothing in app/ imports the
 * server's code.
 */
declare module '@remix-run/node' {
  interface AppLoadContext {
    /**
     * When the enquiry form was served to this visitor, from the signed cookie the server sets
     * on the form's pages: none, one not signed with the site's secrets, or the time
     */
    readFormServedAt(): Promise<
      { status: 'absent' } | { status: 'forged' } | { status: 'signed'; atMs: number }
    >
    /** the visitor's address: X-Forwarded-For as far as the proxies TRUST_PROXY believes */
    clientIp: string
    /** counts one valid enquiry for a client and says whether it is over the limit */
    enquiryLimiter: {
      hit(key: string): Promise<{ limited: false } | { limited: true; retryAfterS: number }>
    }
    /** which enquiries were forwarded in the last 10 minutes, by fingerprint */
    enquiryMemory: {
      claim(
        fingerprint: string,
      ): Promise<
        | { status: 'duplicate' }
        | { status: 'claimed'; settle: (wasForwarded: boolean) => Promise<void> }
      >
    }
    /**
     * The Content-Security-Policy of a page whose own inline scripts have these CSP sources
     * (`sha256-…`): it allows these and no other inline script. The entry sets it on each page.
     */
    contentSecurityPolicy(scriptHashes: readonly string[]): string
  }
}

export {}
