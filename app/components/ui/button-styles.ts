/**
 * The primary call to action's look, written once: indigo, white semibold text, darker on hover,
 * the site's focus ring. Each button adds its own shape, size and layout.
 */
export const PRIMARY_BUTTON =
  'bg-indigo-700 text-white hover:bg-indigo-800 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
