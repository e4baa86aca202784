import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import type { ShopperActionResult } from "../../admin/customer.server";
import { AccountFormMessage, AccountSubmit } from "../AccountField";
import { CsrfField } from "../CsrfField";

type Result = ShopperActionResult | undefined;

const INPUT = "rounded border border-gray-500 p-2";

/** One labelled control with its problem under it (linked by aria-describedby). */
function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {children(describedBy)}
      {error && (
        <p id={`${id}-error`} className="text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form of the shopper page: its intent, its own success or problem message, and the button.
 * Its answer takes the focus (the page is long and the form may be far down): the message, or the
 * first field it refused, whose error the field's description reads out.
 */
function HelpForm({
  intent,
  label,
  result,
  csrfToken,
  busy,
  submit,
  children,
}: {
  intent: string;
  label: string;
  result: Result;
  csrfToken: string;
  busy: boolean;
  submit: string;
  children: ReactNode;
}) {
  const mine = result?.intent === intent ? result : undefined;
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!mine) return;
    const refused = form.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (mine.formError || mine.success || !refused ? message.current : refused)?.focus();
  }, [mine]);
  return (
    <Form ref={form} method="post" className="flex flex-col gap-2 rounded border border-gray-200 p-3" aria-label={label}>
      <h3 className="text-lg font-bold">{label}</h3>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <div ref={message} tabIndex={-1} className="outline-none focus-visible:outline">
        {mine && <AccountFormMessage error={mine.formError} success={mine.success} />}
      </div>
      {children}
      <AccountSubmit busy={busy}>{submit}</AccountSubmit>
    </Form>
  );
}

const fieldError = (result: Result, intent: string, name: string) => (result?.intent === intent ? result.fieldErrors?.[name] : undefined);
const typed = (result: Result, intent: string, name: string) => (result?.intent === intent ? (result.values?.[name] ?? "") : "");

/** The reason a form asks for (kept in the audit trail), keeping what was typed when the form is refused. */
function ReasonField({ id, name, intent, result }: { id: string; name: string; intent: string; result: Result }) {
  const error = fieldError(result, intent, name);
  return (
    <Field id={id} label="Reason" error={error}>
      {(describedBy) => (
        <textarea
          id={id}
          name={name}
          rows={2}
          maxLength={500}
          defaultValue={typed(result, intent, name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={INPUT}
        />
      )}
    </Field>
  );
}

/** A select of what the form acts on (a voucher, an email to resend), keeping the choice when the form is refused and showing its problem. */
function ChoiceField({
  id,
  name,
  label,
  hint,
  intent,
  result,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  intent: string;
  result: Result;
  choices: { value: string; label: string }[];
}) {
  const error = fieldError(result, intent, name);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <select id={id} name={name} className={INPUT} aria-invalid={error ? true : undefined} aria-describedby={describedBy} defaultValue={typed(result, intent, name)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form's choice with its reason, or what to say when there is nothing to choose (and the choice's problem, when one was refused). */
function ChoiceWithReason({ none, reasonName, ...choice }: Parameters<typeof ChoiceField>[0] & { none: string; reasonName: string }) {
  if (choice.choices.length === 0) {
    const error = fieldError(choice.result, choice.intent, choice.name);
    return (
      <>
        <p>{none}</p>
        {error && <p className="text-alert">{error}</p>}
      </>
    );
  }
  return (
    <>
      <ChoiceField {...choice} />
      <ReasonField id={`${choice.intent}-reason`} name={reasonName} intent={choice.intent} result={choice.result} />
    </>
  );
}

/**
 * Customer service's actions on a shopper: a refund within their own rights (card or wallet),
 * goodwill credit (above the limit it waits for a lead), unlocking the account with a password
 * link, sending an email again, a voucher's new code and a longer expiry. Each needs a reason,
 * which the audit trail keeps.
 */
export function ShopperHelp(props: {
  csrfToken: string;
  busy: boolean;
  result: Result;
  /** The shopper's vouchers still to use (Ready to Redeem, not given away). */
  liveVouchers: { id: number; label: string }[];
  /** The shopper's orders, whose confirmations can be sent again. */
  orderIds: number[];
  formKey: string;
  approvalLimit: string;
  locked: boolean;
}) {
  const { result, csrfToken, busy } = props;
  const vouchers = props.liveVouchers.map((voucher) => ({ value: String(voucher.id), label: voucher.label }));
  // One choice for both kinds of email: "order:id" or "voucher:id".
  const resendable = [
    ...props.orderIds.map((id) => ({ value: `order:${id}`, label: `Confirmation of order ${id}` })),
    ...props.liveVouchers.map((voucher) => ({ value: `voucher:${voucher.id}`, label: `Voucher ${voucher.label}` })),
  ];
  const monthsError = fieldError(result, "extend", "months");
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <HelpForm intent="refund" label="Refund a voucher" result={result} csrfToken={csrfToken} busy={busy} submit="Refund voucher">
        {vouchers.length === 0 ? (
          <p>No voucher of this shopper can be refunded now.</p>
        ) : (
          <>
            <ChoiceField
              id="refund-voucher"
              name="voucherId"
              label="Voucher"
              hint="Within the shopper's own rights: 14 days, or Deal Protection's longer window."
              intent="refund"
              result={result}
              choices={vouchers}
            />
            <fieldset>
              <legend className="font-bold">Refund to</legend>
              {(
                [
                  ["original", "The card it was paid with"],
                  ["wallet", "The shopper's wallet, at once"],
                ] as const
              ).map(([value, text]) => (
                <label key={value} className="mr-4 inline-flex items-center gap-2">
                  <input type="radio" name="destination" value={value} defaultChecked={(typed(result, "refund", "destination") || "original") === value} />
                  {text}
                </label>
              ))}
            </fieldset>
            <ReasonField id="refund-reason" name="refundReason" intent="refund" result={result} />
          </>
        )}
      </HelpForm>

      <HelpForm intent="goodwill" label="Give goodwill credit" result={result} csrfToken={csrfToken} busy={busy} submit="Give credit">
        <input type="hidden" name="key" value={props.formKey} />
        <Field
          id="goodwill-amount"
          label="Amount"
          hint={`Wallet credit for 12 months. Above ${props.approvalLimit} it waits for a customer-service lead's approval.`}
          error={fieldError(result, "goodwill", "amount")}
        >
          {(describedBy) => (
            <input
              id="goodwill-amount"
              name="amount"
              inputMode="decimal"
              placeholder="0.00"
              defaultValue={typed(result, "goodwill", "amount")}
              aria-invalid={fieldError(result, "goodwill", "amount") ? true : undefined}
              aria-describedby={describedBy}
              className={`${INPUT} w-32`}
            />
          )}
        </Field>
        <ReasonField id="goodwill-reason" name="goodwillReason" intent="goodwill" result={result} />
      </HelpForm>

      <HelpForm intent="unlock" label="Unlock and send a password link" result={result} csrfToken={csrfToken} busy={busy} submit="Unlock and email link">
        <p>{props.locked ? "The account is locked after failed sign-ins." : "The account is not locked; this still clears failed sign-ins and emails a link."}</p>
        <ReasonField id="unlock-reason" name="unlockReason" intent="unlock" result={result} />
      </HelpForm>

      <HelpForm intent="resend" label="Send an email again" result={result} csrfToken={csrfToken} busy={busy} submit="Send again">
        <ChoiceWithReason
          none="This shopper has no order or voucher to send again."
          id="resend-email"
          name="resend"
          label="Email"
          hint="Goes to the shopper's current email address; a voucher's code only once the shopper may see it."
          intent="resend"
          result={result}
          choices={resendable}
          reasonName="resendReason"
        />
      </HelpForm>

      <HelpForm intent="reissue" label="Reissue a voucher code" result={result} csrfToken={csrfToken} busy={busy} submit="Issue new code">
        <ChoiceWithReason
          none="No voucher of this shopper is Ready to Redeem."
          id="reissue-voucher"
          name="voucherId"
          label="Voucher"
          hint="The old code stops working at the till at once; the shopper is emailed the new one."
          intent="reissue"
          result={result}
          choices={vouchers}
          reasonName="reissueReason"
        />
      </HelpForm>

      <HelpForm intent="extend" label="Extend a voucher's expiry" result={result} csrfToken={csrfToken} busy={busy} submit="Extend expiry">
        {vouchers.length === 0 ? (
          <p>No voucher of this shopper is Ready to Redeem.</p>
        ) : (
          <>
            <ChoiceField id="extend-voucher" name="voucherId" label="Voucher" intent="extend" result={result} choices={vouchers} />
            <Field id="extend-months" label="Months" hint="1 to 12 whole months after the current expiry." error={monthsError}>
              {(describedBy) => (
                <input
                  id="extend-months"
                  name="months"
                  type="number"
                  min={1}
                  max={12}
                  step={1}
                  defaultValue={typed(result, "extend", "months") || "1"}
                  aria-invalid={monthsError ? true : undefined}
                  aria-describedby={describedBy}
                  className={`${INPUT} w-24`}
                />
              )}
            </Field>
            <ReasonField id="extend-reason" name="extendReason" intent="extend" result={result} />
          </>
        )}
      </HelpForm>
    </div>
  );
}

/** A lead's Approve or Reject of a request awaiting approval (goodwill credit, wallet adjustment), with their reason. */
function DecisionForm(props: { label: string; intent: string; idName: string; id: number; noteName: string; noteId: string; csrfToken: string; busy: boolean; result: Result }) {
  const error = props.result?.values?.[props.idName] === String(props.id) ? props.result.fieldErrors?.[props.noteName] : undefined;
  return (
    <Form method="post" className="mt-2 flex flex-col gap-2" aria-label={props.label}>
      <CsrfField token={props.csrfToken} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name={props.idName} value={props.id} />
      <Field id={props.noteId} label="Your reason" error={error}>
        {(describedBy) => <textarea id={props.noteId} name={props.noteName} rows={2} maxLength={500} aria-describedby={describedBy} className={INPUT} />}
      </Field>
      <div className="flex gap-2">
        <button type="submit" name="decision" value="approve" disabled={props.busy} className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Approve
        </button>
        <button type="submit" name="decision" value="reject" disabled={props.busy} className="rounded border-2 border-brand-dark px-4 py-2 font-bold text-brand-dark">
          Reject
        </button>
      </div>
    </Form>
  );
}

/**
 * Customer service's actions on the shopper's gift cards and VIP membership: void a gift card they
 * bought, or replace it with a new code (emailed again); cancel the VIP renewal; refund a VIP
 * charge to the card. Each needs a reason, which the audit trail keeps.
 */
export function GiftCardAndVipHelp(props: {
  csrfToken: string;
  busy: boolean;
  result: Result;
  /** Gift cards the shopper bought that nobody redeemed yet. */
  giftCards: { id: number; label: string }[];
  /** The shopper's paid VIP charges with something left to refund. */
  vipCharges: { id: number; label: string }[];
  /** The VIP membership's period end while renewal is on; null when there is no renewal to cancel. */
  renewsOn: string | null;
}) {
  const { result, csrfToken, busy } = props;
  const cards = props.giftCards.map((card) => ({ value: String(card.id), label: card.label }));
  const charges = props.vipCharges.map((charge) => ({ value: String(charge.id), label: charge.label }));
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <HelpForm intent="gift-void" label="Void a gift card" result={result} csrfToken={csrfToken} busy={busy} submit="Void gift card">
        <ChoiceWithReason
          none="No gift card this shopper bought is unredeemed."
          id="gift-void-card"
          name="giftCardId"
          label="Gift card"
          hint="Its code is refused at redemption from now on. Nothing is refunded."
          intent="gift-void"
          result={result}
          choices={cards}
          reasonName="giftVoidReason"
        />
      </HelpForm>

      <HelpForm intent="gift-reissue" label="Reissue a gift card" result={result} csrfToken={csrfToken} busy={busy} submit="Reissue gift card">
        <ChoiceWithReason
          none="No gift card this shopper bought is unredeemed."
          id="gift-reissue-card"
          name="giftCardId"
          label="Gift card"
          hint="Voids it and issues the same amount and expiry with a new code, emailed to the recipient (or the print link to the shopper)."
          intent="gift-reissue"
          result={result}
          choices={cards}
          reasonName="giftReissueReason"
        />
      </HelpForm>

      {(props.renewsOn || result?.intent === "vip-cancel") && (
        <HelpForm intent="vip-cancel" label="Cancel the VIP renewal" result={result} csrfToken={csrfToken} busy={busy} submit="Cancel renewal">
          <p>
            {props.renewsOn
              ? `Renewal is on: nothing more is charged after this, and the shopper stays VIP until ${props.renewsOn}. They are emailed.`
              : "Renewal is off: nothing more will be charged."}
          </p>
          <ReasonField id="vip-cancel-reason" name="vipCancelReason" intent="vip-cancel" result={result} />
        </HelpForm>
      )}

      <HelpForm intent="vip-refund" label="Refund a VIP charge" result={result} csrfToken={csrfToken} busy={busy} submit="Refund VIP charge">
        <ChoiceWithReason
          none="No VIP charge of this shopper is left to refund."
          id="vip-refund-charge"
          name="chargeId"
          label="VIP charge"
          hint="Everything left of it goes back to the card that paid it (queued for the payment gateway). The membership stays as it is."
          intent="vip-refund"
          result={result}
          choices={charges}
          reasonName="vipRefundReason"
        />
      </HelpForm>
    </div>
  );
}

/** The shopper's goodwill credits; one awaiting approval offers Approve and Reject to a lead who did not ask for it. */
export function GoodwillCredits(props: {
  credits: { id: number; at: string; amount: string; status: string; reason: string; requestedBy: string; decidedBy: string | null; mayDecide: boolean }[];
  csrfToken: string;
  busy: boolean;
  result: Result;
}) {
  if (props.credits.length === 0) return <p>No goodwill credits.</p>;
  const decision = props.result?.intent === "decide" ? props.result : undefined;
  return (
    <>
      {decision && <AccountFormMessage error={decision.fieldErrors ? undefined : decision.formError} success={decision.success} />}
      <ul className="flex flex-col gap-2" data-testid="goodwill-credits">
        {props.credits.map((credit) => (
          <li key={credit.id} className="rounded border border-gray-200 p-2">
            <p>
              <span className="font-bold">{credit.amount}</span> · {credit.status.replace("_", " ")} · asked by {credit.requestedBy} on {credit.at}
              {credit.decidedBy && credit.status !== "awaiting_approval" ? ` · decided by ${credit.decidedBy}` : ""}
            </p>
            <p className="text-sm text-gray-700">{credit.reason}</p>
            {credit.mayDecide && (
              <DecisionForm
                label={`Decide on goodwill credit ${credit.id}`}
                intent="decide"
                idName="creditId"
                id={credit.id}
                noteName="decisionNote"
                noteId={`decision-note-${credit.id}`}
                csrfToken={props.csrfToken}
                busy={props.busy}
                result={decision}
              />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Privacy law: the shopper's data as a file (subject access), and erasure at their request (confirmed, with the reason). */
export function ShopperPrivacy({ customerId, csrfToken, busy, result }: { customerId: number; csrfToken: string; busy: boolean; result: Result }) {
  const unconfirmed = fieldError(result, "erase", "confirmed");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-2 rounded border border-gray-200 p-3">
        <h3 className="text-lg font-bold">Subject access</h3>
        <p>Everything the shop holds about this shopper, as one file (JSON). Downloading it is recorded in the audit trail.</p>
        <a href={`/admin/customers/${customerId}/export.json`} download className="font-bold text-brand-dark underline">
          Download everything held
        </a>
      </div>
      <HelpForm intent="erase" label="Erase this shopper" result={result} csrfToken={csrfToken} busy={busy} submit="Erase personal data">
        <p>Clears the account's personal data, sign-ins, wishlist and newsletter, as the shopper's own Delete my account does. Orders and vouchers stay for the accounts.</p>
        <ReasonField id="erase-reason" name="eraseReason" intent="erase" result={result} />
        <label htmlFor="erase-confirmed" className="flex items-start gap-2">
          <input
            type="checkbox"
            id="erase-confirmed"
            name="confirmed"
            className="mt-1 h-5 w-5"
            aria-invalid={unconfirmed ? true : undefined}
            aria-describedby={unconfirmed ? "erase-confirmed-error" : undefined}
          />
          The shopper asked for this, and I checked who they are.
        </label>
        {unconfirmed && (
          <p id="erase-confirmed-error" className="text-alert">
            {unconfirmed}
          </p>
        )}
      </HelpForm>
    </div>
  );
}

/**
 * Two more of customer service's actions: a wallet adjustment (credit added or taken away on one
 * balance; above the limit either way it waits for a lead) and cancelling an order outside the
 * shopper's own rights (every voucher still Ready to Redeem back to the card). Each needs a reason.
 */
export function WalletAndOrderHelp(props: {
  csrfToken: string;
  busy: boolean;
  result: Result;
  formKey: string;
  approvalLimit: string;
  /** The shopper's orders with a voucher still Ready to Redeem. */
  cancellableOrders: { id: number; label: string }[];
}) {
  const { result, csrfToken, busy } = props;
  const amountError = fieldError(result, "adjust", "adjustAmount");
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-3">
      <HelpForm intent="adjust" label="Adjust wallet credit" result={result} csrfToken={csrfToken} busy={busy} submit="Adjust wallet">
        <input type="hidden" name="key" value={props.formKey} />
        <ChoiceField
          id="adjust-direction"
          name="direction"
          label="Add or take away"
          intent="adjust"
          result={result}
          choices={[
            { value: "add", label: "Add credit" },
            { value: "take", label: "Take credit away" },
          ]}
        />
        <ChoiceField
          id="adjust-balance"
          name="balanceType"
          label="Balance"
          hint="Credit taken away must be there now: the wallet never goes below zero."
          intent="adjust"
          result={result}
          choices={[
            { value: "refundable", label: "Refundable" },
            { value: "marketing", label: "Marketing" },
          ]}
        />
        <Field id="adjust-amount" label="Amount" hint={`Above ${props.approvalLimit} either way it waits for a customer-service lead's approval.`} error={amountError}>
          {(describedBy) => (
            <input
              id="adjust-amount"
              name="adjustAmount"
              inputMode="decimal"
              placeholder="0.00"
              defaultValue={typed(result, "adjust", "adjustAmount")}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={describedBy}
              className={`${INPUT} w-32`}
            />
          )}
        </Field>
        <ReasonField id="adjust-reason" name="adjustReason" intent="adjust" result={result} />
      </HelpForm>

      <HelpForm intent="cancelOrder" label="Cancel an order" result={result} csrfToken={csrfToken} busy={busy} submit="Cancel and refund">
        <ChoiceWithReason
          none="No order of this shopper has a voucher left to refund."
          id="cancel-order"
          name="orderId"
          label="Order"
          hint="Outside the shopper's own rights: every voucher still Ready to Redeem goes back to the card it was paid with; redeemed or dispatched ones stay."
          intent="cancelOrder"
          result={result}
          choices={props.cancellableOrders.map((order) => ({ value: String(order.id), label: order.label }))}
          reasonName="cancelReason"
        />
      </HelpForm>
    </div>
  );
}

/** The shopper's wallet adjustments; one awaiting approval offers Approve and Reject to a lead who did not ask for it. */
export function WalletAdjustments(props: {
  adjustments: { id: number; at: string; amount: string; balanceType: string; status: string; reason: string; requestedBy: string; decidedBy: string | null; mayDecide: boolean }[];
  csrfToken: string;
  busy: boolean;
  result: Result;
}) {
  if (props.adjustments.length === 0) return <p>No wallet adjustments.</p>;
  const decision = props.result?.intent === "decideAdjustment" ? props.result : undefined;
  return (
    <>
      {decision && <AccountFormMessage error={decision.fieldErrors ? undefined : decision.formError} success={decision.success} />}
      <ul className="flex flex-col gap-2" data-testid="wallet-adjustments">
        {props.adjustments.map((adjustment) => (
          <li key={adjustment.id} className="rounded border border-gray-200 p-2">
            <p>
              <span className="font-bold">{adjustment.amount}</span> {adjustment.balanceType} · {adjustment.status.replace("_", " ")} · asked by {adjustment.requestedBy} on{" "}
              {adjustment.at}
              {adjustment.decidedBy && adjustment.status !== "awaiting_approval" ? ` · decided by ${adjustment.decidedBy}` : ""}
            </p>
            <p className="text-sm text-gray-700">{adjustment.reason}</p>
            {adjustment.mayDecide && (
              <DecisionForm
                label={`Decide on wallet adjustment ${adjustment.id}`}
                intent="decideAdjustment"
                idName="adjustmentId"
                id={adjustment.id}
                noteName="adjustmentNote"
                noteId={`adjustment-note-${adjustment.id}`}
                csrfToken={props.csrfToken}
                busy={props.busy}
                result={decision}
              />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
