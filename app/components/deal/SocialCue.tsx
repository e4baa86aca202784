import { useEffect, useState } from "react";

/**
 * "23 bought in the last 6 hours": fetched after hydration from /v1/socialcue/deal, because it
 * changes by the hour and the page around it is cached.
 */
export function SocialCue({ dealId }: { dealId: number }) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch(`/v1/socialcue/deal?dealId=${dealId}`)
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { message: string | null } | null) => {
        if (!cancelled) setMessage(body?.message ?? null);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [dealId]);
  if (!message) return null;
  return (
    <p className="font-bold text-alert" data-testid="social-cue">
      {message}
    </p>
  );
}
