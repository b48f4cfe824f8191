/** One address of every kind of page the site answers, for checks that must hold on all of them. */
export const EVERY_ROUTE = [
  '/',
  '/blog',
  '/blog/restaurant-ai-phone-bookings',
  '/blog/no-such-post',
  '/blog?q=voice',
  '/blog?q=quantum+zebra',
  '/blog/category/voice-agents',
  '/contact',
  '/contact?sent=1',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
] as const
