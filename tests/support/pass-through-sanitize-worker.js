/**
 * A sanitiser's worker that sanitises nothing: it answers each post's content as it came. Only the
 * server `withoutSanitiser` starts uses it, to show what the browser does with a script that
 * reached a page anyway.
 */
export default function passThrough({ dirty }) {
  return { status: 'sanitised', html: dirty }
}
