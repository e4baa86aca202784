import { useFetcher } from "react-router";
import { useVisitorSession } from "../../visitor-session";
import { CsrfField } from "../CsrfField";

/** The buy panel's form: the option dropdown and the sticky buy bar's button belong to it by `form=`. */
export const BUY_NOW_FORM_ID = "buy-now-form";

const BUTTON = "w-full rounded bg-brand px-5 py-3 text-lg font-bold text-white hover:bg-brand-dark disabled:opacity-70";

/**
 * "Buy now": puts the chosen product in the basket and goes to /checkout/{basketToken}. The deal
 * page is the same for every visitor (shared cache), so it cannot carry a CSRF token: the server
 * renders a GET form to /checkout, which asks once more with the token (works without
 * JavaScript). After hydration the visitor's token arrives and the form posts straight away.
 * With a dropdown of options the chosen product is the dropdown's own value (it belongs to this
 * form), so what is sent is what the shopper sees, even if chosen before the page's JavaScript ran.
 */
export function BuyNowForm({ dealId, productId, disabled, productFromDropdown = false }: { dealId: number; productId: number | null; disabled: boolean; productFromDropdown?: boolean }) {
  const session = useVisitorSession();
  const fetcher = useFetcher<{ error?: string }>();
  const fields = (
    <>
      <input type="hidden" name="dealId" value={dealId} />
      {productId !== null && !productFromDropdown && <input type="hidden" name="productId" value={productId} />}
      <input type="hidden" name="quantity" value="1" />
    </>
  );
  if (!session) {
    return (
      <form id={BUY_NOW_FORM_ID} method="get" action="/checkout">
        {fields}
        <button type="submit" disabled={disabled} className={BUTTON}>
          Buy now
        </button>
      </form>
    );
  }
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <fetcher.Form id={BUY_NOW_FORM_ID} method="post" action="/checkout" className="flex flex-col gap-2">
      <CsrfField token={session.csrfToken} />
      {fields}
      <button type="submit" disabled={disabled || busy} className={BUTTON}>
        {busy ? "Adding to basket…" : "Buy now"}
      </button>
      {error && (
        <p role="alert" className="font-bold text-alert">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
