export function Breadcrumbs({ items }: { items: { label: string; href: string }[] }) {
  if (items.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-gray-700">
        {items.map((item, index) => (
          <li key={item.href} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">›</span>}
            {index === items.length - 1 ? (
              <span aria-current="page" className="font-bold text-brand-ink">
                {item.label}
              </span>
            ) : (
              <a href={item.href} className="underline-offset-2 hover:underline">
                {item.label}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
