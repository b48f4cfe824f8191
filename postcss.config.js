export default {
  plugins: {
    // Always lower CSS nesting (Remix's CSS bundler cannot parse typography's nested rules); the
    // production build minifies as well.
    '@tailwindcss/postcss': { optimize: { minify: process.env.NODE_ENV === 'production' } },
  },
}
