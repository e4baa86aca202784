import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { PreviewLink } from "../../admin/deal-preview.server";
import { AccountFormMessage } from "../AccountField";
import { CsrfField } from "../CsrfField";

/**
 * The deal page's preview links: a deal not yet in the shop can be seen as shoppers will see it by
 * whoever has a link (the merchant, a colleague) for a week. A new link takes the focus, so a
 * keyboard or screen reader user lands on what they asked for.
 */
export function PreviewLinks({ links, made, error, csrfToken, busy }: { links: PreviewLink[]; made: PreviewLink | null; error?: string; csrfToken: string; busy: boolean }) {
  const fresh = useRef<HTMLAnchorElement>(null);
  // The new link may arrive with the action's answer or with the page's data read again after it.
  useEffect(() => {
    if (made) fresh.current?.focus();
  }, [made, links]);
  return (
    <section aria-labelledby="preview-links" className="mb-6 max-w-3xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="preview-links" className="mb-2 text-xl font-bold">
        Preview links
      </h2>
      <p className="mb-3 text-sm text-gray-700">Anyone with a link sees the deal as shoppers will, until it expires a week after it was made.</p>
      <AccountFormMessage error={error} />
      {links.length > 0 && (
        <ul className="mb-3 flex flex-col gap-1" data-testid="preview-links">
          {links.map((link) => (
            <li key={link.href} className="break-all">
              <a ref={made?.href === link.href ? fresh : undefined} href={link.href} className="font-mono text-brand-dark underline">
                {link.href}
              </a>{" "}
              <span className="text-sm text-gray-700">(until {link.expires})</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="preview" />
        <button type="submit" disabled={busy} className="rounded border-2 border-brand px-4 py-2 font-bold text-brand-dark hover:bg-gray-50 disabled:opacity-60">
          Make a preview link
        </button>
      </Form>
    </section>
  );
}
