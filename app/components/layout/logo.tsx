import { useId } from 'react'

import { COMPANY } from '~/content/company'

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  // The header and the footer both show the mark: each needs its own gradient id.
  const gradientId = useId()
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M9 22V10h7a4 4 0 0 1 0 8h-7m7 0a4 4 0 0 1 0 8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform="translate(0 -3)"
      />
    </svg>
  )
}

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">{COMPANY.name}</span>
    </span>
  )
}
