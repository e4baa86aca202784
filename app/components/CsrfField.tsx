import { CSRF_FIELD } from "../../lib/csrf";

/**
 * The hidden CSRF field every form that posts must carry (the server refuses a POST without it).
 * Get the token in the loader with `context.session.csrfToken()`, or on the client from
 * `useVisitorSession()`.
 */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}
