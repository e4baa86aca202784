import { type AppLoadContext, redirect } from "react-router";
import { safeLocalPath, signInDestination } from "../../server/accounts/redirects";
import { formText } from "./page.server";
import type { SignInOutcome } from "./sign-in-forms.server";

/**
 * What the log-in and registration pages render with: the form's CSRF token and where to go
 * afterwards (`?redirectUrl=`, local paths only). A visitor already signed in goes to `signedInTo`.
 */
export function signInPageData(request: Request, context: AppLoadContext, signedInTo: (redirectUrl: string | null) => string) {
  const redirectUrl = safeLocalPath(new URL(request.url).searchParams.get("redirectUrl"));
  if (context.customer) throw redirect(signedInTo(redirectUrl));
  return { csrfToken: context.session.csrfToken(), redirectUrl };
}

/** Their action: the form's answer when it fails; once signed in, on to where the visitor was going, else `fallback`. */
export async function signInPageAction(
  request: Request,
  context: AppLoadContext,
  submit: (context: AppLoadContext, form: FormData) => Promise<SignInOutcome>,
  fallback: string,
) {
  const form = await request.formData();
  const outcome = await submit(context, form);
  if (!outcome.ok) return outcome.response;
  return redirect(signInDestination(context.cookies, formText(form, "redirectUrl"), fallback));
}
