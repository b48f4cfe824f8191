import '@remix-run/node'

/**
 * Single fetch is on (remix.config.js): loaders and actions send their values as they are, so
 * `useLoaderData<typeof loader>()` and the others infer the types single fetch delivers.
 */
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}
