/**
 * `npx tsx scripts/social-card.ts`: draws public/social-card.png, the 1200x630 image that link
 * previews (Open Graph, X) show for pages without an image of their own. The card is HTML in the
 * site's colours and logo, photographed by Debian's Chromium; run it again after a change of name,
 * tagline or colours and commit the PNG.
 */
import path from 'node:path'

import { chromium } from '@playwright/test'

import { COMPANY } from '../app/content/company'
import { HERO } from '../app/content/home'
import { SOCIAL_CARD } from '../app/lib/meta'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium'
import { ROOT } from '../tests/support/stack'

const OUTPUT = path.join(ROOT, 'public', SOCIAL_CARD.url)
const SERVICES = ['AI Chatbots', 'Voice Agents', 'Workflow Automation']
const words = HERO.title.split(' ')
// The headline's last two words take the logo's gradient.
const headline = `${words.slice(0, -2).join(' ')} <span>${words.slice(-2).join(' ')}</span>`

// The logo of app/components/layout/logo.tsx, drawn large.
const LOGO = `<svg viewBox="0 0 32 32" width="120" height="120" aria-hidden="true">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#06b6d4"/>
  </linearGradient></defs>
  <rect width="32" height="32" rx="8" fill="url(#g)"/>
  <path d="M9 22V10h7a4 4 0 0 1 0 8h-7m7 0a4 4 0 0 1 0 8" fill="none" stroke="#fff"
    stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 -3)"/>
</svg>`

const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body {
    width: ${SOCIAL_CARD.width}px; height: ${SOCIAL_CARD.height}px; overflow: hidden;
    font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif; color: #fff;
    background: #0f172a;
    position: relative; padding: 0 96px;
    display: flex; flex-direction: column; justify-content: center;
  }
  .glow { position: absolute; border-radius: 50%; filter: blur(90px); opacity: .55; }
  .glow.one { width: 620px; height: 620px; right: -160px; top: -220px; background: #6366f1; }
  .glow.two { width: 520px; height: 520px; right: 120px; bottom: -320px; background: #06b6d4; }
  .grid {
    position: absolute; inset: 0; opacity: .09;
    background-image: linear-gradient(#fff 1px, transparent 1px), linear-gradient(90deg, #fff 1px, transparent 1px);
    background-size: 48px 48px;
  }
  .brand, .headline, .services { position: relative; }
  .brand { display: flex; align-items: center; gap: 28px; }
  .name { font-size: 58px; font-weight: 700; letter-spacing: -1.5px; }
  .headline { margin-top: 44px; font-size: 72px; font-weight: 700; line-height: 1.1; letter-spacing: -1.5px; max-width: 800px; }
  .headline span {
    background: linear-gradient(90deg, #a5b4fc, #67e8f9); -webkit-background-clip: text; color: transparent;
  }
  .services { display: flex; gap: 18px; align-items: center; padding: 0; margin-top: 44px; }
  .services li {
    list-style: none; white-space: nowrap; font-size: 28px; font-weight: 700; padding: 14px 26px; border-radius: 999px;
    background: rgba(255,255,255,.1); border: 2px solid rgba(255,255,255,.22);
  }
  .where { position: relative; margin-top: 22px; font-size: 30px; color: #cbd5e1; }
</style></head>
<body>
  <div class="grid"></div><div class="glow one"></div><div class="glow two"></div>
  <div class="brand">${LOGO}<p class="name">${COMPANY.name}</p></div>
  <p class="headline">${headline}</p>
  <p class="where">For UK small businesses, answering calls and enquiries 24/7</p>
  <ul class="services">${SERVICES.map((service) => `<li>${service}</li>`).join('')}</ul>
</body></html>`

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  const page = await browser.newPage({
    viewport: { width: SOCIAL_CARD.width!, height: SOCIAL_CARD.height! },
  })
  await page.setContent(html)
  await page.screenshot({ path: OUTPUT, type: 'png' })
  console.log(`written: ${path.relative(ROOT, OUTPUT)}`)
} finally {
  await browser.close()
}
