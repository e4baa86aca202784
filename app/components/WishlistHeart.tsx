import { useState } from "react";
import { toggleWishlist, useWishlisted } from "../wishlist-store";

/**
 * The heart on a deal tile or deal page. Rendered only once the visitor's list is known (after
 * hydration), so cached anonymous pages stay the same for everyone and no dead button shows
 * without JavaScript.
 */
export function WishlistHeart({ dealId, headline }: { dealId: number; headline: string }) {
  const saved = useWishlisted(dealId);
  const [busy, setBusy] = useState(false);
  if (saved === null) return null;
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${headline} from your wish list` : `Save ${headline} to your wish list`}
      // Not `disabled` while saving: a disabled button drops the keyboard focus to the top of the page.
      aria-disabled={busy || undefined}
      data-testid="wishlist-heart"
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        await toggleWishlist(dealId).finally(() => setBusy(false));
      }}
      className="absolute right-2 top-2 z-10 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-brand shadow hover:bg-white"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill={saved ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
