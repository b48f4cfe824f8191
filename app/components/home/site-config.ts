import type { useSiteConfig } from '~/lib/use-site-config'

/** The public settings the root loader sends; present on every page the home route renders. */
export type SiteConfig = NonNullable<ReturnType<typeof useSiteConfig>>
