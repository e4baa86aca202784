import type { ShareLink } from "../../../modules/catalog/rules/share-links";

/** `onShare`: told which channel a shopper shared to (Club points), the link still opens as usual. */
export function ShareLinks({ links, onShare }: { links: ShareLink[]; onShare?: (channel: ShareLink["channel"]) => void }) {
  return (
    <nav aria-label="Share this deal">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.channel}>
            <a
              href={link.href}
              target={link.channel === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              onClick={onShare && (() => onShare(link.channel))}
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
