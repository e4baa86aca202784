import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { gatewayCustomerRef, listInstruments, saveInstrument, type SavedInstrument } from "../../modules/payments/instruments";
import { SandboxPaymentProvider } from "../../modules/payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { setVipPeriod } from "../../modules/accounts/grant-vip";
import { vipMemberships } from "../../modules/vip/schema";

/** A Visa card (ending 1111) vaulted at the sandbox gateway and saved for the customer, as "Save this card" does. */
export async function insertSavedCard(db: Db, clock: Clock, customerId: number): Promise<SavedInstrument> {
  const nonce = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/35", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!nonce.ok) throw new Error("card refused");
  const vaulted = await new SandboxPaymentProvider(db, clock).vault({ idempotencyKey: `vault-${customerId}-${nonce.nonce}`, nonce: nonce.nonce, customerRef: gatewayCustomerRef(customerId) });
  if (!vaulted.ok) throw new Error("not vaulted");
  const { ok: _ok, token, ...details } = vaulted;
  await saveInstrument(db, { customerId, gateway: "sandbox", token, details, at: clock.now() });
  const saved = (await listInstruments(db, customerId)).find((instrument) => instrument.token === token);
  if (!saved) throw new Error("not saved");
  return saved;
}

/**
 * A paid VIP year from `start` (ACTIVE), with the VIP flag in step: a member since `memberSince`
 * (default `start`), renewing when `autoRenew` says so (default: when a card is given, on that card).
 */
export async function insertVipYear(
  db: Db,
  member: { customerId: number; brand?: "wowcher" | "wowcherie" | "livingsocial" | "livingsocialie"; start: Date; memberSince?: Date; cardId?: number; autoRenew?: boolean },
) {
  const periodEnd = new Date(member.start);
  periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
  const brand = member.brand ?? "wowcher";
  const [membership] = await db
    .insert(vipMemberships)
    .values({
      customerId: member.customerId,
      brand,
      currency: brand === "wowcherie" || brand === "livingsocialie" ? "EUR" : "GBP",
      status: "ACTIVE",
      optInType: "VIP-SUB-PAID-FLOW",
      renewalPrice: 499,
      autoRenew: member.autoRenew ?? member.cardId !== undefined,
      instrumentId: member.cardId ?? null,
      memberSince: member.memberSince ?? member.start,
      periodStart: member.start,
      periodEnd,
      createdAt: member.start,
      updatedAt: member.start,
    })
    .returning();
  await setVipPeriod(db, member.customerId, { vip: true, until: periodEnd, now: member.start });
  return membership;
}
