import { CSRF_HEADER } from "../../lib/csrf";
import { loadVisitorSession } from "../visitor-session";

/**
 * POSTs JSON to the API without holding up the page, with `keepalive` so the request outlives a
 * page being left (sendBeacon cannot carry the CSRF header every /v1 write needs). The visitor
 * session holding the token is loaded once per page; by the time tiles are seen it is there, so
 * the request starts before the page unloads. Failures are dropped: tracking never disturbs shopping.
 */
export function postBeacon(url: string, body: unknown): void {
  const json = JSON.stringify(body);
  loadVisitorSession()
    .then(({ csrfToken }) =>
      fetch(url, {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "content-type": "application/json", [CSRF_HEADER]: csrfToken },
        body: json,
      }),
    )
    .catch(() => {});
}
