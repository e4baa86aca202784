import type { ShareLink } from "../../../modules/catalog/rules/share-links";

export function ShareLinks({ links }: { links: ShareLink[] }) {
  return (
    <nav aria-label="Share this deal">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.channel}>
            <a
              href={link.href}
              target={link.channel === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              className="inline-block rounded-full px-3 py-1 text-sm font-bold ring-1 ring-gray-300 hover:bg-gray-100"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
