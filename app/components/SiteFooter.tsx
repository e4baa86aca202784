import { FOOTER_PAGES } from "../../modules/content/footer-pages";

const MORE_LINKS = [
  { href: "/guides/hub", label: "Guides" },
  { href: "/gifts", label: "Gifts" },
  { href: "/giftcard", label: "Gift cards" },
  { href: "/discountcodes", label: "Discount codes" },
  { href: "/editorial-team", label: "Our editorial team" },
  { href: "/near-me/hub", label: "Deals near you" },
];

export function SiteFooter({ brandName }: { brandName: string }) {
  return (
    <footer className="mt-8 bg-gray-900 text-gray-100">
      <div className="mx-auto grid max-w-[85.75rem] gap-6 px-4 py-8 md:grid-cols-[3fr_1fr]">
        <nav aria-label="Footer">
          <h2 className="mb-3 font-bold">Help and information</h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
            {FOOTER_PAGES.map((page) => (
              <li key={page.slug}>
                <a className="underline-offset-2 hover:underline" href={`/page/${page.slug}`}>
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="More from us">
          <h2 className="mb-3 font-bold">Discover</h2>
          <ul className="flex flex-col gap-2">
            {MORE_LINKS.map((link) => (
              <li key={link.href}>
                <a className="underline-offset-2 hover:underline" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-gray-300">© {brandName}. Deals up to 80% off, travel up to 50% off.</p>
      </div>
    </footer>
  );
}
