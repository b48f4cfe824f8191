/** How the list looks in each section that has one. */
const LOOKS = {
  solution: {
    list: 'mt-6 space-y-3 border-t border-slate-100 pt-6 text-sm leading-6 text-slate-700 md:max-lg:mt-0 md:max-lg:border-t-0 md:max-lg:border-l md:max-lg:pt-0 md:max-lg:pl-10',
    item: 'flex gap-3',
    check: 'before:bg-indigo-600',
  },
  step: {
    list: 'mt-5 space-y-2.5 text-sm leading-6 text-slate-700',
    item: 'flex gap-2.5',
    check: 'before:bg-emerald-600',
  },
  impact: {
    list: 'mt-5 grid gap-3 text-sm leading-6 sm:grid-cols-3',
    item: 'flex gap-2.5 rounded-xl bg-white/5 p-3 ring-1 ring-white/10',
    check: 'before:bg-cyan-300',
  },
}

/** Points in a list, each behind a check mark the stylesheet draws (`check-point` in tailwind.css). */
export function CheckList({ items, look }: { items: readonly string[]; look: keyof typeof LOOKS }) {
  const { list, item: itemClass, check } = LOOKS[look]
  return (
    <ul className={list}>
      {items.map((item) => (
        <li key={item} className={`check-point ${itemClass} ${check}`}>
          {item}
        </li>
      ))}
    </ul>
  )
}
