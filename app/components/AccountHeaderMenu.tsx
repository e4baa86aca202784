import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { loadVisitorSession, useVisitorSession } from "../visitor-session";
import { AccountSignInPrompt } from "./AccountSignInPrompt";
import { CsrfField } from "./CsrfField";

/**
 * The personal part of the header. The server renders the same "Log in" link for everyone (pages
 * stay cacheable); after hydration it asks /v1/user/session and shows "Hi, Name", My account and
 * Sign out to a signed-in customer.
 */
export function AccountHeaderMenu() {
  const session = useVisitorSession();
  const location = useLocation();
  const navigation = useNavigation();
  const submitted = useRef(false);

  // Signing in or out through a form changes the session: look again once the navigation settles.
  useEffect(() => {
    if (navigation.formMethod && navigation.formMethod.toLowerCase() !== "get") submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      loadVisitorSession(true).catch(() => {});
    }
  }, [navigation.state, navigation.formMethod]);

  const here = `${location.pathname}${location.search}`;
  const loginHref = location.pathname === "/login" ? "/login" : `/login?redirectUrl=${encodeURIComponent(here)}`;
  const linkClass = "rounded px-2 py-1 font-bold hover:bg-white/15";
  const profile = session?.isAuthenticated ? session.userprofile : null;

  return (
    <nav aria-label="Account" className="flex items-center gap-2 text-sm">
      <a className={linkClass} href="/wishlist">
        Wish list
      </a>
      {profile ? (
        <>
          <span className="hidden sm:inline" data-testid="account-greeting">
            Hi, {profile.firstName || profile.email}
          </span>
          <a className={linkClass} href="/myaccount">
            My account
          </a>
          <form method="post" action="/logout" className="inline">
            <CsrfField token={session!.csrfToken} />
            <button type="submit" className={linkClass}>
              Sign out
            </button>
          </form>
        </>
      ) : (
        <a className={linkClass} href={loginHref}>
          Log in
        </a>
      )}
      {session?.offerSignIn && <AccountSignInPrompt returnTo={here} />}
    </nav>
  );
}
