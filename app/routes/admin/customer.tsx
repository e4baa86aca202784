import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { type BrandId, BRANDS } from "../../../lib/brand";
import { type Currency, formatBalance } from "../../../lib/money";
import { marketTimeZone } from "../../../lib/market-time";
import { NOTE_LIMIT } from "../../../modules/customer-service/add-shopper-note";
import { goodwillCreditsOf } from "../../../modules/customer-service/goodwill-credits";
import { walletAdjustmentsOf } from "../../../modules/customer-service/wallet-adjustments";
import { randomToken } from "../../../modules/security/tokens";
import { CUSTOMER_SERVICE_ERRORS } from "../../../modules/customer-service/errors";
import type { ShopperPicture } from "../../../modules/customer-service/shopper-picture";
import { viewShopper } from "../../../modules/customer-service/view-shopper";
import { hasPermission } from "../../../modules/staff/permissions";
import { shopperPageAction } from "../../admin/customer.server";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { adminRecordOr404, adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { GiftCardAndVipHelp, GoodwillCredits, ShopperHelp, ShopperPrivacy, WalletAdjustments, WalletAndOrderHelp } from "../../components/admin/ShopperHelp";
import { TableScroller } from "../../components/TableScroller";
import { AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/customer";

export const meta = accountMeta("Shopper");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** Times and money as the shopper's market shows them ("23 November 2026, 14:05", "£12.50"), formatted here so the page ships no formatter state. */
function shopperTime(brand: BrandId) {
  const format = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: marketTimeZone(BRANDS[brand].countryCode),
  });
  return (value: Date | null) => (value ? format.format(value) : "–");
}

function shownPicture(picture: ShopperPicture) {
  const time = shopperTime(picture.profile.brand);
  const money = (minor: number, currency: Currency) => formatBalance(minor, currency);
  return {
    profile: {
      ...picture.profile,
      joinedAt: time(picture.profile.joinedAt),
      emailVerifiedAt: picture.profile.emailVerifiedAt ? time(picture.profile.emailVerifiedAt) : null,
      lastFailedLoginAt: picture.profile.lastFailedLoginAt ? time(picture.profile.lastFailedLoginAt) : null,
      lockedUntil: picture.profile.lockedUntil ? time(picture.profile.lockedUntil) : null,
    },
    addresses: picture.addresses,
    orders: picture.orders.map((order) => ({ ...order, createdAt: time(order.createdAt), total: money(order.total, order.currency) })),
    vouchers: picture.vouchers.map((voucher) => ({
      ...voucher,
      expiresAt: time(voucher.expiresAt),
      timeline: voucher.timeline.map((event) => ({ ...event, at: time(event.at) })),
    })),
    wallet: {
      balances: picture.wallet.balances.map((balance) => ({
        currency: balance.currency,
        refundable: money(balance.refundable, balance.currency),
        marketing: money(balance.marketing, balance.currency),
      })),
      entries: picture.wallet.entries.map((entry) => ({
        ...entry,
        at: time(entry.at),
        amount: money(entry.amount, entry.currency),
        expiresAt: entry.expiresAt ? time(entry.expiresAt) : "–",
      })),
    },
    giftCards: picture.giftCards.map((card) => ({ ...card, amount: money(card.amount, card.currency), expiresAt: time(card.expiresAt) })),
    vip: {
      memberships: picture.vip.memberships.map((membership) => ({
        ...membership,
        memberSince: time(membership.memberSince),
        periodEnd: time(membership.periodEnd),
        renewalPrice: money(membership.renewalPrice, membership.currency),
        renewalCancelledAt: membership.renewalCancelledAt ? time(membership.renewalCancelledAt) : null,
      })),
      charges: picture.vip.charges.map((charge) => ({
        ...charge,
        at: time(charge.at),
        amount: money(charge.amount, charge.currency),
        refunded: money(charge.refunded, charge.currency),
      })),
    },
    clubPoints: picture.clubPoints,
    referrals: picture.referrals.map((referral) => ({
      ...referral,
      createdAt: time(referral.createdAt),
      reward: referral.reward !== null && referral.currency ? money(referral.reward, referral.currency) : "–",
    })),
    signIns: picture.signIns.map((session) => ({ createdAt: time(session.createdAt), lastSeenAt: time(session.lastSeenAt) })),
    emails: picture.emails.map((email) => ({ ...email, createdAt: time(email.createdAt), sentAt: email.sentAt ? time(email.sentAt) : "–" })),
    notes: picture.notes.map((note) => ({ ...note, at: time(note.at) })),
  };
}

const customerIdOf = (id: string) => adminRecordOr404(id, async (customerId) => customerId, CUSTOMER_SERVICE_ERRORS.UNKNOWN_SHOPPER.message);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session, actor } = await requireAdminPage(context, request, "admin/customers/:id");
  const customerId = await customerIdOf(params.id);
  const picture = await viewShopper(context.db, context.clock, actor, customerId);
  if (!picture) throw adminRefusal(404, CUSTOMER_SERVICE_ERRORS.UNKNOWN_SHOPPER.message);
  const shown = shownPicture(picture);
  const currency = BRANDS[picture.profile.brand].currency;
  const canDecide = hasPermission(session.member.role, "refunds.goodwill");
  const credits = await goodwillCreditsOf(context.db, customerId);
  return {
    csrfToken: context.session.csrfToken(),
    canHelp: hasPermission(session.member.role, "customers.help") && !picture.profile.deleted,
    picture: shown,
    // Vouchers still to use that the shopper holds (refund, email again, new code, extension): the server decides again whether each goes ahead.
    liveVouchers: picture.vouchers
      .filter((voucher) => voucher.status === "READY_TO_REDEEM" && !voucher.heldByAnother)
      .map((voucher) => ({ id: voucher.id, label: `${voucher.code} · ${voucher.title}` })),
    orderIds: picture.orders.map((order) => order.id),
    // Gift cards the shopper bought, unredeemed (void, reissue); paid VIP charges with something left (refund); the period end while renewal is on.
    giftCards: picture.giftCards.flatMap((card, i) =>
      card.bought && card.status === "ISSUED" && card.expiresAt > context.clock.now()
        ? [{ id: card.id, label: `${card.code} · ${shown.giftCards[i].amount} · until ${shown.giftCards[i].expiresAt}` }]
        : [],
    ),
    vipCharges: picture.vip.charges.flatMap((charge, i) =>
      charge.status === "paid" && charge.refunded < charge.amount
        ? [{ id: charge.id, label: `Charge ${charge.id} · ${shown.vip.charges[i].at} · ${shown.vip.charges[i].amount}` }]
        : [],
    ),
    renewsOn:
      picture.vip.memberships.flatMap((membership, i) =>
        membership.autoRenew && (membership.status === "ACTIVE" || membership.status === "RENEW") && membership.periodEnd && membership.periodEnd > context.clock.now()
          ? [shown.vip.memberships[i].periodEnd]
          : [],
      )[0] ?? null,
    formKey: randomToken(24),
    approvalLimit: formatBalance(context.goodwillApprovalAbove, currency),
    goodwill: credits.map((credit) => ({
      id: credit.id,
      at: shopperTime(picture.profile.brand)(credit.createdAt),
      amount: formatBalance(credit.amount, credit.currency),
      status: credit.status,
      reason: credit.reason,
      requestedBy: credit.requestedByName,
      decidedBy: credit.decidedByName,
      mayDecide: canDecide && credit.status === "awaiting_approval" && credit.requestedByStaffId !== session.member.id,
    })),
    // Orders they bought with a voucher still Ready to Redeem (cancel an order): the server decides again, voucher by voucher.
    cancellableOrders: [...new Set(picture.vouchers.filter((voucher) => voucher.status === "READY_TO_REDEEM" && !voucher.receivedAsGift).map((voucher) => voucher.orderId))].map(
      (orderId) => ({ id: orderId, label: `Order ${orderId}` }),
    ),
    adjustments: (await walletAdjustmentsOf(context.db, customerId)).map((adjustment) => ({
      id: adjustment.id,
      at: shopperTime(picture.profile.brand)(adjustment.createdAt),
      amount: `${adjustment.amount > 0 ? "+" : "−"}${formatBalance(Math.abs(adjustment.amount), adjustment.currency)}`,
      balanceType: adjustment.balanceType,
      status: adjustment.status,
      reason: adjustment.reason,
      requestedBy: adjustment.requestedByName,
      decidedBy: adjustment.decidedByName,
      mayDecide: canDecide && adjustment.status === "awaiting_approval" && adjustment.requestedByStaffId !== session.member.id,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, actor } = await requireAdminPage(context, request, "admin/customers/:id");
  const customerId = await customerIdOf(params.id);
  return shopperPageAction(context, session.member, actor, customerId, await request.formData());
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={id} className="mb-2 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Table({ label, headings, numeric, children, empty, rows }: { label: string; headings: string[]; numeric?: string[]; children: ReactNode; empty: string; rows: number }) {
  if (rows === 0) return <p>{empty}</p>;
  return (
    <TableScroller label={label}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <HeadingRow headings={headings} numeric={numeric} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroller>
  );
}

const CELL = "border-b border-gray-200 p-2 align-top";
const AMOUNT = `${CELL} text-right`;

/** One shopper's whole picture for customer service, and their notes; opening it is audited. */
export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { picture: p, canHelp, csrfToken } = loaderData;
  const busy = useNavigation().state === "submitting";
  const noteResult = actionData?.intent === "note" ? actionData : undefined;
  const errors = noteResult?.fieldErrors ?? {};
  const name = p.profile.deleted ? "Deleted account" : `${p.profile.firstName} ${p.profile.lastName}`.trim() || p.profile.email;
  return (
    <div>
      <p className="mb-2">
        <a href="/admin/customers" className="font-bold text-brand-dark underline">
          Find another shopper
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{name}</h1>
      <p className="mb-4 text-sm text-gray-700">Opening this page is recorded in the audit trail.</p>
      {actionData?.intent === "erase" && actionData.success && <AccountFormMessage success={actionData.success} />}

      {canHelp && (
        <Section id="shopper-help" title="Help this shopper">
          <ShopperHelp
            csrfToken={csrfToken}
            busy={busy}
            result={actionData}
            liveVouchers={loaderData.liveVouchers}
            orderIds={loaderData.orderIds}
            formKey={loaderData.formKey}
            approvalLimit={loaderData.approvalLimit}
            locked={p.profile.lockedUntil !== null}
          />
          <WalletAndOrderHelp
            csrfToken={csrfToken}
            busy={busy}
            result={actionData}
            formKey={loaderData.formKey}
            approvalLimit={loaderData.approvalLimit}
            cancellableOrders={loaderData.cancellableOrders}
          />
        </Section>
      )}

      {canHelp && (
        <Section id="shopper-gift-vip-help" title="Gift cards and VIP">
          <GiftCardAndVipHelp
            csrfToken={csrfToken}
            busy={busy}
            result={actionData}
            giftCards={loaderData.giftCards}
            vipCharges={loaderData.vipCharges}
            renewsOn={loaderData.renewsOn}
          />
        </Section>
      )}

      {canHelp && (
        <Section id="shopper-privacy" title="Privacy">
          <ShopperPrivacy customerId={p.profile.id} csrfToken={csrfToken} busy={busy} result={actionData} />
        </Section>
      )}

      <Section id="shopper-goodwill" title="Goodwill credits">
        <GoodwillCredits credits={loaderData.goodwill} csrfToken={csrfToken} busy={busy} result={actionData} />
      </Section>

      <Section id="shopper-adjustments" title="Wallet adjustments">
        <WalletAdjustments adjustments={loaderData.adjustments} csrfToken={csrfToken} busy={busy} result={actionData} />
      </Section>

      <Section id="shopper-profile" title="Profile">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-bold">Shopper number</dt>
          <dd>{p.profile.id}</dd>
          <dt className="font-bold">Email</dt>
          <dd>{p.profile.email}</dd>
          <dt className="font-bold">Brand</dt>
          <dd>{p.profile.brandName}</dd>
          <dt className="font-bold">Joined</dt>
          <dd>{p.profile.joinedAt}</dd>
          <dt className="font-bold">Email confirmed</dt>
          <dd>{p.profile.emailVerifiedAt ?? "Not yet"}</dd>
          <dt className="font-bold">Signs in with</dt>
          <dd>{p.profile.signsInWithGoogle ? "Google" : "Password"}</dd>
          <dt className="font-bold">Account address</dt>
          <dd>{p.profile.address || "–"}</dd>
          <dt className="font-bold">Delivery addresses used</dt>
          <dd>{p.addresses.length ? p.addresses.join(" · ") : "–"}</dd>
        </dl>
      </Section>

      <Section id="shopper-sign-ins" title="Sign-ins and lockouts">
        <p className="mb-2" data-testid="shopper-lockout">
          {p.profile.lockedUntil
            ? `Locked after failed sign-ins until ${p.profile.lockedUntil}.`
            : p.profile.failedLogins > 0
              ? `${p.profile.failedLogins} failed sign-in${p.profile.failedLogins === 1 ? "" : "s"} in a row, the last ${p.profile.lastFailedLoginAt}.`
              : "Not locked; no failed sign-ins since the last one that worked."}
        </p>
        <Table label="Recent sign-ins" headings={["Signed in", "Last seen"]} empty="No sign-ins kept." rows={p.signIns.length}>
          {p.signIns.map((session, index) => (
            <tr key={index}>
              <td className={CELL}>{session.createdAt}</td>
              <td className={CELL}>{session.lastSeenAt}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="shopper-notes" title="Staff notes">
        {p.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ul className="mb-4 flex flex-col gap-2" data-testid="shopper-notes">
            {p.notes.map((note) => (
              <li key={note.id} className="rounded border border-gray-200 p-2">
                <p className="text-sm text-gray-700">
                  {note.at}, {note.author}
                  {note.orderId !== null && `, about order ${note.orderId}`}
                </p>
                <p className="whitespace-pre-line">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
        {canHelp && (
          <Form method="post" className="flex flex-col gap-2" aria-label="Add a note">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="note" />
            {noteResult?.success && <AccountFormMessage success={noteResult.success} />}
            <label htmlFor="note-body" className="font-bold">
              Note
            </label>
            <textarea
              id="note-body"
              name="body"
              rows={3}
              maxLength={NOTE_LIMIT}
              defaultValue={noteResult?.values?.body ?? ""}
              key={noteResult?.success ? "saved" : "typing"}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? "note-body-error" : undefined}
              className="rounded border border-gray-500 p-2"
            />
            {errors.body && (
              <p id="note-body-error" role="alert" className="text-alert">
                {errors.body}
              </p>
            )}
            <label htmlFor="note-order" className="font-bold">
              About order number (optional)
            </label>
            <input
              id="note-order"
              name="orderId"
              inputMode="numeric"
              defaultValue={noteResult?.values?.orderId ?? ""}
              aria-invalid={errors.orderId ? true : undefined}
              aria-describedby={errors.orderId ? "note-order-error" : undefined}
              className="w-48 rounded border border-gray-500 p-2"
            />
            {errors.orderId && (
              <p id="note-order-error" role="alert" className="text-alert">
                {errors.orderId}
              </p>
            )}
            <AccountSubmit busy={busy}>Add note</AccountSubmit>
          </Form>
        )}
      </Section>

      <Section id="shopper-orders" title="Orders">
        <Table label="Latest orders" headings={["Order", "Placed", "Status", "Items", "Paid by", "Total"]} numeric={["Items", "Total"]} empty="No orders." rows={p.orders.length}>
          {p.orders.map((order) => (
            <tr key={order.id}>
              <td className={CELL}>{order.id}</td>
              <td className={CELL}>{order.createdAt}</td>
              <td className={CELL}>{order.status}</td>
              <td className={AMOUNT}>{order.items}</td>
              <td className={CELL}>{order.paidBy}</td>
              <td className={AMOUNT}>{order.total}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="shopper-vouchers" title="Vouchers">
        <Table label="Latest vouchers with their status history" headings={["Code", "Deal", "Order", "Status", "Expires", "History"]} empty="No vouchers." rows={p.vouchers.length}>
          {p.vouchers.map((voucher) => (
            <tr key={voucher.id} data-testid="shopper-voucher">
              <td className={`${CELL} font-mono`}>{voucher.code}</td>
              <td className={CELL}>
                {voucher.title}
                <span className="block text-gray-700">{voucher.merchantName}</span>
                {voucher.heldByAnother && <span className="block font-bold">Given as a gift to another shopper</span>}
                {voucher.receivedAsGift && <span className="block font-bold">Received as a gift</span>}
              </td>
              <td className={CELL}>{voucher.orderId}</td>
              <td className={CELL}>{voucher.status}</td>
              <td className={CELL}>{voucher.expiresAt}</td>
              <td className={CELL}>
                <ol className="flex flex-col gap-1">
                  {voucher.timeline.map((event, index) => (
                    <li key={index}>
                      {event.at}: {event.from ? `${event.from} → ` : ""}
                      {event.to} ({event.by}
                      {event.reason ? `: ${event.reason}` : ""})
                    </li>
                  ))}
                </ol>
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="shopper-wallet" title="Wallet">
        <ul className="mb-2">
          {p.wallet.balances.map((balance) => (
            <li key={balance.currency} data-testid="shopper-wallet-balance">
              {`${balance.currency}: refundable ${balance.refundable}, marketing ${balance.marketing}`}
            </li>
          ))}
        </ul>
        <Table
          label="Latest wallet entries"
          headings={["When", "What", "Kind", "Amount", "Expires"]}
          numeric={["Amount"]}
          empty="No wallet entries."
          rows={p.wallet.entries.length}
        >
          {p.wallet.entries.map((entry) => (
            <tr key={entry.id}>
              <td className={CELL}>{entry.at}</td>
              <td className={CELL}>{entry.description}</td>
              <td className={CELL}>{entry.balanceType}</td>
              <td className={AMOUNT}>{entry.amount}</td>
              <td className={CELL}>{entry.expiresAt}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="shopper-gift-cards" title="Gift cards">
        <Table
          label="Gift cards bought or redeemed"
          headings={["Code", "Amount", "Status", "Bought or redeemed", "Expires"]}
          numeric={["Amount"]}
          empty="No gift cards."
          rows={p.giftCards.length}
        >
          {p.giftCards.map((card) => (
            <tr key={card.id}>
              <td className={`${CELL} font-mono`}>{card.code}</td>
              <td className={AMOUNT}>{card.amount}</td>
              <td className={CELL}>{card.status}</td>
              <td className={CELL}>{card.bought ? "Bought" : "Redeemed"}</td>
              <td className={CELL}>{card.expiresAt}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="shopper-vip" title="VIP membership and Club points">
        {p.vip.memberships.length === 0 ? (
          <p>Never a VIP member.</p>
        ) : (
          <ul className="mb-2">
            {p.vip.memberships.map((membership, index) => (
              <li key={index}>
                {membership.status}
                {membership.trial ? " (free trial)" : ""}, member since {membership.memberSince}, period ends {membership.periodEnd};{" "}
                {membership.autoRenew ? `renews at ${membership.renewalPrice}` : "does not renew"}
                {membership.renewalCancelledAt ? ` (renewal cancelled ${membership.renewalCancelledAt})` : ""}
              </li>
            ))}
          </ul>
        )}
        <Table label="VIP charges" headings={["When", "Status", "Amount", "Refunded"]} numeric={["Amount", "Refunded"]} empty="No VIP charges." rows={p.vip.charges.length}>
          {p.vip.charges.map((charge) => (
            <tr key={charge.id}>
              <td className={CELL}>{charge.at}</td>
              <td className={CELL}>{charge.status}</td>
              <td className={AMOUNT}>{charge.amount}</td>
              <td className={AMOUNT}>{charge.refunded}</td>
            </tr>
          ))}
        </Table>
        <p className="mt-2" data-testid="shopper-club-points">
          Club points: {p.clubPoints.current.toLocaleString("en-GB")} to spend, {p.clubPoints.lifetime.toLocaleString("en-GB")} earned in all.
        </p>
      </Section>

      <Section id="shopper-referrals" title="Referrals">
        <Table label="Referrals" headings={["When", "Role", "Status", "Reward"]} numeric={["Reward"]} empty="No referrals." rows={p.referrals.length}>
          {p.referrals.map((referral) => (
            <tr key={referral.id}>
              <td className={CELL}>{referral.createdAt}</td>
              <td className={CELL}>{referral.role === "referrer" ? "Referred a friend" : "Was referred"}</td>
              <td className={CELL}>{referral.status}</td>
              <td className={AMOUNT}>{referral.reward}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="shopper-emails" title="Emails sent">
        <Table label="Latest emails the shop sent this shopper" headings={["Queued", "Subject", "Status", "Sent"]} empty="No emails." rows={p.emails.length}>
          {p.emails.map((email) => (
            <tr key={email.id} data-testid="shopper-email">
              <td className={CELL}>{email.createdAt}</td>
              <td className={CELL}>{email.subject}</td>
              <td className={CELL}>{email.status}</td>
              <td className={CELL}>{email.sentAt}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </div>
  );
}
