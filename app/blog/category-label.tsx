import { Link } from '@remix-run/react'

import { categoryPath, categorySlug } from '~/blog/categories'

/** A post's category as a pill that leads to the category's page (plain text when it has none). */
export function CategoryLabel({ name, className = '' }: { name: string; className?: string }) {
  if (!name) return null
  const slug = categorySlug(name)
  const pill = `rounded-full bg-indigo-50 px-3 py-1 font-medium text-indigo-700 ${className}`
  if (!slug) return <span className={pill}>{name}</span>
  return (
    <Link
      to={categoryPath(slug)}
      className={`${pill} hover:bg-indigo-100 hover:text-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`}
    >
      {name}
    </Link>
  )
}
