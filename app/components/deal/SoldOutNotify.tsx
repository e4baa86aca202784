import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useVisitorSession } from "../../visitor-session";
import { CsrfField } from "../CsrfField";
import { useToast } from "../Toasts";

/** "Tell me when it's back": posts to the deal page's action (works without JavaScript too). */
export function SoldOutNotify({ dealId }: { dealId: number }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const toast = useToast();
  // The page is the same for everyone (cacheable), so the visitor's CSRF token arrives after hydration.
  const session = useVisitorSession();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) toast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
  }, [fetcher.state, fetcher.data, toast]);
  return (
    <fetcher.Form
      method="post"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        if (fetcher.state !== "idle") event.preventDefault();
      }}
    >
      <CsrfField token={session?.csrfToken ?? ""} />
      <input type="hidden" name="intent" value="notify" />
      <input type="hidden" name="dealId" value={dealId} />
      <label htmlFor="notify-email" className="font-bold">
        Email me if it's back
      </label>
      <div className="flex gap-2">
        <input id="notify-email" name="email" type="email" required autoComplete="email" className="min-w-0 flex-1 rounded border border-gray-300 px-3 py-2" />
        <button
          type="submit"
          // Only the missing token disables it: disabling it while sending would drop the keyboard focus.
          disabled={!session}
          aria-disabled={fetcher.state !== "idle" || undefined}
          className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Notify me
        </button>
      </div>
      {fetcher.data && (
        <p role="status" className={fetcher.data.ok ? "text-green-800" : "text-alert"}>
          {fetcher.data.message}
        </p>
      )}
    </fetcher.Form>
  );
}
