import { Link } from '@remix-run/react'

import type { Category } from '~/blog/categories'
import { categoryPath } from '~/blog/categories'
import { FINDING_COPY } from '~/blog/finding-copy'
import { BLOG_PATH } from '~/blog/seo'

const linkClass =
  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
const currentClass = 'border-indigo-700 bg-indigo-700 text-white'
const otherClass = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'

/** Every category with its number of posts, as links; the one shown is marked as the current page. */
export function CategoryNav({
  categories,
  total,
  currentPath,
}: {
  categories: Category[]
  /** Posts in the whole list, beside 'All posts'. */
  total: number
  /** The address of the list shown, when it is one of these (not on a search). */
  currentPath: string | null
}) {
  if (categories.length === 0) return null
  const items = [
    { name: FINDING_COPY.allCategories, path: BLOG_PATH, count: total },
    ...categories.map((category) => ({
      name: category.name,
      path: categoryPath(category.slug),
      count: category.count,
    })),
  ].map((item) => ({ ...item, isCurrent: item.path === currentPath }))
  return (
    <nav aria-label={FINDING_COPY.categoriesLabel} className="mx-auto mt-6 max-w-4xl">
      <ul className="flex flex-wrap justify-center gap-2">
        {items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              aria-current={item.isCurrent ? 'page' : undefined}
              className={`${linkClass} ${item.isCurrent ? currentClass : otherClass}`}
            >
              {item.name}
              <span className={item.isCurrent ? 'text-white' : 'text-slate-600'}>
                {`(${item.count})`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
