import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RegistrationFields, registrationFieldList, SignInErrorSummary } from "./AccountSignInFields";
import { ErrorSummary, summaryErrors } from "./ErrorSummary";
import { CARD_FIELDS } from "./checkout/PaymentSection";

/** The `#fragment` of every link of the summary in this HTML. */
const linkTargets = (html: string) => [...html.matchAll(/<a href="#([^"]+)"/g)].map((match) => match[1]);

describe("ErrorSummary", () => {
  it("is a focus target titled 'There is a problem', with one link per field error", () => {
    const html = renderToString(<ErrorSummary errors={[{ fieldId: "card-number", message: "Hmm. That card number doesn't look right", label: "Card number" }]} />);
    expect(html).toContain('tabindex="-1"');
    expect(html).toMatch(/<h2 id="([^"]+)"[^>]*>There is a problem<\/h2>/);
    const titleId = /<h2 id="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`aria-labelledby="${titleId}"`);
    expect(linkTargets(html)).toEqual(["card-number"]);
    expect(html).toContain("Card number: Hmm. That card number doesn&#x27;t look right");
  });

  it("renders nothing without errors", () => {
    expect(renderToString(<ErrorSummary errors={[]} />)).toBe("");
  });

  it("lists the errors in the order of the form's fields, leaving out fields without one", () => {
    const errors = summaryErrors(CARD_FIELDS, { securityCode: "Required", number: "Hmm. That card number doesn't look right" });
    expect(errors.map((error) => error.fieldId)).toEqual(["card-number", "card-security-code"]);
    expect(summaryErrors(CARD_FIELDS, undefined)).toEqual([]);
  });

  it("links to the registration form's own fields, each marked invalid and described by its inline error", () => {
    const result = { values: { email: "not-an-email" }, fieldErrors: { firstName: "Required field", email: "Please enter a valid email", confirmPassword: "Passwords should match" } };
    const html = renderToString(
      <>
        <SignInErrorSummary result={result} fields={registrationFieldList("checkout-register")} />
        <RegistrationFields result={result} idPrefix="checkout-register" />
      </>,
    );
    const targets = linkTargets(html);
    expect(targets).toEqual(["checkout-register-first-name", "checkout-register-email", "checkout-register-confirm-password"]);
    for (const id of targets) {
      const input = new RegExp(`<input id="${id}" aria-invalid="true" aria-describedby="${id}-error"`).exec(html);
      expect(input, id).not.toBeNull();
      expect(html).toContain(`<p id="${id}-error"`);
    }
    // A field without an error is neither linked nor marked.
    expect(html).toMatch(/<input id="checkout-register-last-name" type="text"/);
  });
});
