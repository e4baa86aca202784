/**
 * The app shell's after-hydration extras (spec discovery §2): the smart app banner, the marketing
 * lightbox and the A/B exposure log. Nothing here is in the server-rendered HTML, so cached pages
 * stay the same for every visitor.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { BrandId } from "../../lib/brand";
import type { ExperimentName } from "../../modules/experiments/assign";
import {
  APP_BANNER_COOKIE,
  APP_BANNER_DISMISS_DAYS,
  MARKETING_LIGHTBOX_COOKIE,
  MARKETING_LIGHTBOX_DELAY_MS,
  MARKETING_LIGHTBOX_REMEMBER_DAYS,
  appDeepLink,
  hasCookie,
  offerMarketingLightbox,
  preferenceCookie,
  showAppBanner,
} from "../shell/prompts";
import { apiFetch, loadVisitorSession } from "../visitor-session";
import { useModalDialog } from "./use-modal-dialog";

const secure = () => location.protocol === "https:";

export function AppShellPrompts({ brandId, brandName }: { brandId: BrandId; brandName: string }) {
  return (
    <>
      <SmartAppBanner brandId={brandId} brandName={brandName} />
      <MarketingLightbox brandName={brandName} />
      <ExperimentExposures />
    </>
  );
}

/** Open-app banner for iOS and Android on home and category pages; a close is remembered 2 days. */
function SmartAppBanner({ brandId, brandName }: { brandId: BrandId; brandName: string }) {
  const { pathname, search } = useLocation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(showAppBanner({ pathname, userAgent: navigator.userAgent, dismissed: hasCookie(document.cookie, APP_BANNER_COOKIE) }));
  }, [pathname]);
  if (!visible) return null;
  const close = () => {
    document.cookie = preferenceCookie(APP_BANNER_COOKIE, APP_BANNER_DISMISS_DAYS, secure());
    setVisible(false);
    // The banner is gone: focus moves to the page's content rather than being lost.
    const main = document.getElementById("main");
    main?.setAttribute("tabindex", "-1");
    main?.focus();
  };
  return (
    <aside aria-label="Get the app" className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-2 text-sm" data-testid="app-banner">
      <button type="button" onClick={close} className="rounded p-2 text-lg leading-none" aria-label="Close the app banner">
        <span aria-hidden="true">×</span>
      </button>
      <p className="flex-1">
        <strong>The {brandName} app</strong>
        <br />
        Deals in your pocket
      </p>
      <a href={appDeepLink(brandId, pathname, search)} className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
        Open app
      </a>
    </aside>
  );
}

let marketingShown = false;

/** The deals newsletter offer, 2 s after the subscription check says the visitor is not subscribed. */
function MarketingLightbox({ brandName }: { brandName: string }) {
  const { pathname, search } = useLocation();
  const { dialog, open, close } = useModalDialog();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (marketingShown) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const [session, check] = await Promise.all([
        loadVisitorSession(),
        fetch("/v1/marketing-lightbox", { headers: { accept: "application/json" }, credentials: "same-origin" }).then((r) => (r.ok ? (r.json() as Promise<{ offer: boolean }>) : { offer: false })),
      ]);
      if (cancelled || marketingShown) return;
      const offer = offerMarketingLightbox({ pathname, search: new URLSearchParams(search), subscriptionCheckOffers: check.offer, signInPromptOffered: session.offerSignIn });
      if (!offer) return;
      timer = setTimeout(() => {
        if (cancelled || marketingShown || document.querySelector("dialog[open]")) return;
        marketingShown = true;
        // Shown once: however it ends (closed, answered, or the shopper moves on).
        document.cookie = preferenceCookie(MARKETING_LIGHTBOX_COOKIE, MARKETING_LIGHTBOX_REMEMBER_DAYS, secure());
        open();
      }, MARKETING_LIGHTBOX_DELAY_MS);
    })().catch(() => {
      // A failed subscription check is ignored (spec): no lightbox.
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pathname, search, open]);

  const subscribe = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const response = await apiFetch("/v1/newsletter/subscribe", { method: "POST", json: { email } });
      const body = (await response.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string> };
      const text = body.fieldErrors?.email ?? body.message ?? (response.ok ? "You're subscribed." : "Something went wrong. Please try again.");
      setMessage({ ok: response.ok, text });
    } catch {
      setMessage({ ok: false, text: "Something went wrong. Please try again." });
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={dialog} aria-labelledby="marketing-lightbox-title" className="m-auto w-[min(26rem,92vw)] rounded-lg p-6 text-brand-ink shadow-xl backdrop:bg-black/50">
      <h2 id="marketing-lightbox-title" className="mb-2 text-xl font-bold">
        Never miss a deal
      </h2>
      <p className="mb-4">Get {brandName}'s best deals in your inbox every day. Unsubscribe at any time.</p>
      {message?.ok ? (
        <p role="status" className="mb-4 font-bold">
          {message.text}
        </p>
      ) : (
        <form onSubmit={subscribe} noValidate className="mb-4 flex flex-col gap-3">
          <label htmlFor="marketing-lightbox-email" className="font-bold">
            Email address
          </label>
          <input
            id="marketing-lightbox-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={message ? "marketing-lightbox-error" : undefined}
            aria-invalid={message ? true : undefined}
            className="rounded border border-gray-400 px-3 py-2"
          />
          {message && (
            <p id="marketing-lightbox-error" role="alert" className="text-alert">
              {message.text}
            </p>
          )}
          <button type="submit" disabled={sending} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark">
            Subscribe
          </button>
        </form>
      )}
      <button type="button" className="px-5 py-2 underline" onClick={close}>
        {message?.ok ? "Close" : "No thanks"}
      </button>
    </dialog>
  );
}

/** The tests every page shows: the header search's autocomplete (the only test with a treatment). */
const TESTS_ON_EVERY_PAGE: ExperimentName[] = ["autocomplete"];

/** Logs the exposures of each page view from the browser (never in the cached HTML render). */
function ExperimentExposures() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (/bot|crawl|spider/i.test(navigator.userAgent)) return;
    apiFetch("/v1/experiments/exposures", { method: "POST", json: { tests: TESTS_ON_EVERY_PAGE } })
      .then(async (response) => {
        if (!response.ok) return;
        // The variants, for styles and feature code: <html data-ab-autocomplete="b">.
        const { assignments } = (await response.json()) as { assignments: { test: string; variant: string }[] };
        for (const { test, variant } of assignments) document.documentElement.setAttribute(`data-ab-${test}`, variant);
      })
      .catch(() => {
        // A lost exposure is not worth bothering the shopper.
      });
  }, [pathname]);
  return null;
}
