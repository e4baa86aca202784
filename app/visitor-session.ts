import { useEffect, useSyncExternalStore } from "react";
import { CSRF_HEADER } from "../lib/csrf";

/** What GET /v1/user/session says about the visitor (see server/api/accounts.ts). */
export interface VisitorSessionInfo {
  isAuthenticated: boolean;
  userprofile: { email: string; firstName: string; lastName: string; vipUser: boolean } | null;
  customerToken: string | null;
  csrfToken: string;
  offerSignIn: boolean;
  googleClientId: string | null;
}

// One request per page, shared by every component that asks (header, hearts, trackers).
let pending: Promise<VisitorSessionInfo> | null = null;
let snapshot: VisitorSessionInfo | null = null;
const listeners = new Set<() => void>();

/** Fetches the visitor's session once (or again with `refresh`, after signing in or out). */
export function loadVisitorSession(refresh = false): Promise<VisitorSessionInfo> {
  if (!pending || refresh) {
    pending = fetch("/v1/user/session", { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`session lookup answered ${response.status}`);
        return response.json() as Promise<VisitorSessionInfo>;
      })
      .then((info) => {
        snapshot = info;
        for (const listener of listeners) listener();
        return info;
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
  }
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The visitor's session in a component: null on the server and until the lookup answers, so
 * anonymous pages render the same HTML for everybody and personalise after hydration.
 */
export function useVisitorSession(): VisitorSessionInfo | null {
  const info = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => null,
  );
  useEffect(() => {
    loadVisitorSession().catch(() => {
      // No session info: the page stays as the anonymous version.
    });
  }, []);
  return info;
}

/**
 * A call to the /v1 API that changes something: sends the CSRF token header, and on a token that
 * went stale (signed in or out in another tab) fetches a fresh one and tries once more.
 */
export async function apiFetch(path: string, init: { method: string; json?: unknown; headers?: Record<string, string> }): Promise<Response> {
  const send = async (csrfToken: string) =>
    fetch(path, {
      method: init.method,
      credentials: "same-origin",
      headers: { ...init.headers, "content-type": "application/json", accept: "application/json", [CSRF_HEADER]: csrfToken },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const response = await send((await loadVisitorSession()).csrfToken);
  if (response.status !== 403) return response;
  return send((await loadVisitorSession(true)).csrfToken);
}
