import { useLocation } from "react-router";
import { activeNavigationId } from "../../modules/catalog/rules/active-navigation";
import type { ShellNavigationItem as NavigationItem } from "../shell/load-shell.server";

/**
 * The travel sub-menu on travel pages (spec discovery §2). Wide screens: each travel category
 * opens a two-column list of its sub-categories on hover or focus, with no delay (pure CSS).
 * Small screens: an accordion that starts with 'All travel deals'.
 */
export function TravelMenu({ travel }: { travel: NavigationItem }) {
  const { pathname } = useLocation();
  // The current travel category and sub-category are marked for screen readers and by weight.
  const current = (items: NavigationItem[], item: NavigationItem) => (activeNavigationId(items, pathname) === item.id ? "page" : undefined);
  return (
    <div className="mb-6 rounded-lg bg-white ring-1 ring-gray-200">
      <nav aria-label={`${travel.linkText} menu`} className="hidden lg:block">
        <ul className="flex flex-wrap gap-1 px-2 py-1">
          <li>
            <a href={travel.url} className="block rounded px-3 py-2 font-bold hover:bg-gray-100">
              All travel deals
            </a>
          </li>
          {travel.subNavigations.map((category) => (
            <li key={category.id} className="group relative">
              <a
                href={category.url}
                className="block rounded px-3 py-2 font-bold hover:bg-gray-100 aria-[current=page]:underline"
                aria-haspopup={category.subNavigations.length > 0}
                aria-current={current(travel.subNavigations, category)}
              >
                {category.linkText}
              </a>
              {category.subNavigations.length > 0 && (
                <ul className="invisible absolute left-0 z-20 grid w-96 grid-cols-2 gap-1 rounded bg-white p-3 shadow-lg ring-1 ring-gray-200 group-focus-within:visible group-hover:visible">
                  {category.subNavigations.map((sub) => (
                    <li key={sub.id}>
                      <a href={sub.url} className="block rounded px-2 py-1 hover:bg-gray-100 aria-[current=page]:font-bold" aria-current={current(category.subNavigations, sub)}>
                        {sub.linkText}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <details className="lg:hidden">
        <summary className="cursor-pointer px-4 py-3 font-bold">{travel.linkText} menu</summary>
        <ul className="flex flex-col px-2 pb-3">
          <li>
            <a href={travel.url} className="block rounded px-3 py-2 font-bold hover:bg-gray-100">
              All travel deals
            </a>
          </li>
          {travel.subNavigations.map((category) => (
            <li key={category.id}>
              <details>
                <summary className="cursor-pointer rounded px-3 py-2 hover:bg-gray-100">{category.linkText}</summary>
                <ul className="pl-6">
                  <li>
                    <a href={category.url} className="block px-2 py-1 hover:underline">
                      All {category.linkText}
                    </a>
                  </li>
                  {category.subNavigations.map((sub) => (
                    <li key={sub.id}>
                      <a href={sub.url} className="block px-2 py-1 hover:underline">
                        {sub.linkText}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
