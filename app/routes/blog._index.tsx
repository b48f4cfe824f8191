export default function BlogRoute() {
  return <h1 className="mx-auto max-w-7xl px-4 py-16 text-4xl font-bold">Blog</h1>
}
