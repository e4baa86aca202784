import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { emailField, parseFields, requiredText } from "../../modules/accounts/validation";
import { MERCHANT_USER_ROLES } from "../../modules/merchants/schema";
import { inviteMerchantUserAsStaff, updateMerchant } from "../../modules/merchants/manage-merchant";
import { addMerchantAddress, positionsOfDeliveryPoints, removeMerchantAddress } from "../../modules/merchants/merchant-addresses";
import { isValidPostcode } from "../../modules/accounts/postcodes";
import { databaseAddressLookup } from "../../modules/address/lookup";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { MERCHANT_RECORD_FIELDS, PAYOUT_FIELDS, PAYOUT_BASES, PAYOUT_FREQUENCIES } from "./merchant-fields";

const blankToNull = (value: string | undefined) => (value ? value : null);

/** The merchant record form: names required; VAT number, website, contacts optional; commission a percentage with up to two decimals. */
const recordFields = z.object({
  displayName: requiredText(120),
  businessName: requiredText(160),
  vatNumber: z
    .string()
    .transform((value) => value.replace(/\s/g, "").toUpperCase())
    .refine((value) => value === "" || /^(GB\d{9}(\d{3})?|IE\d{7}[A-W][A-IW]?)$/.test(value), "Enter a UK (GB and 9 or 12 digits) or Irish (IE, 7 digits and 1 or 2 letters) VAT number."),
  website: z
    .string()
    .trim()
    .max(200, "Enter a shorter address.")
    .refine((value) => value === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), "Enter a web address starting with https://."),
  contactEmail: z.union([z.literal(""), emailField]),
  contactPhone: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\+?[\d\s()-]{7,20}$/.test(value), "Enter a phone number of 7 to 20 digits."),
  commission: z
    .string()
    .trim()
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, "Enter a commission from 0 to 100 per cent, with up to two decimals."),
  payoutBasis: z.enum(PAYOUT_BASES, "Choose when the merchant is paid: on redemption or on sale."),
  payoutFrequency: z.enum(PAYOUT_FREQUENCIES, "Choose how often the merchant is paid: weekly, fortnightly or monthly."),
});

const inviteFields = z.object({ name: requiredText(), email: emailField, role: z.enum(MERCHANT_USER_ROLES, "Choose what the person may do: everything, or redeem vouchers only.") });

/** A delivery point found at a postcode, with the position the address data gives it (null: none). */
export interface FoundDeliveryPoint {
  id: number;
  label: string;
  position: { lat: number; lon: number } | null;
}

export type MerchantPageResult = FormResult & { intent?: string; found?: FoundDeliveryPoint[] };

/** "Find addresses": the delivery points the address data holds at a postcode, each with its position or the lack of one. */
async function findDeliveryPoints(context: AppLoadContext, values: Record<string, string>): Promise<{ fieldErrors?: Record<string, string>; found?: FoundDeliveryPoint[] }> {
  const country = values.addressCountry === "IE" ? "IE" : "GB";
  if (!isValidPostcode(values.addressPostcode, country)) return { fieldErrors: { addressPostcode: country === "IE" ? "Enter an Eircode, such as D02 X285." : "Enter a postcode, such as SW1A 1AA." } };
  const result = await databaseAddressLookup(context.db).lookup(country, values.addressPostcode);
  if (result.kind === "error") return { fieldErrors: { addressPostcode: "The address data could not be read for that country: try again later." } };
  if (result.kind === "not-found") return { fieldErrors: { addressPostcode: "The address data has no addresses at that postcode: check it and try again." } };
  const positions = await positionsOfDeliveryPoints(
    context.db,
    result.addresses.map((address) => address.id),
  );
  return {
    found: result.addresses.map((address) => ({
      id: address.id,
      label: [address.line1, address.line2, address.city, address.postcode].filter(Boolean).join(", "),
      position: positions.get(address.id) ?? null,
    })),
  };
}

/** The merchant page's actions (record changes, portal invitations; the guard lets only `merchants.manage` here), each audited by its use case. */
export async function merchantPageAction(context: AppLoadContext, actor: StaffActor, merchantId: number, form: FormData) {
  const intent = formText(form, "intent");
  const answer = (result: MerchantPageResult, status = 200) => data<MerchantPageResult>({ ...result, intent }, { status });
  try {
    if (intent === "update") {
      const values = Object.fromEntries([...MERCHANT_RECORD_FIELDS, ...PAYOUT_FIELDS].map((field) => [field.name, formText(form, field.name)]));
      const parsed = parseFields(recordFields, values);
      if (!parsed.ok) return answer({ values, fieldErrors: parsed.fieldErrors }, 400);
      const record = parsed.data;
      await updateMerchant(context.db, context.clock, actor, merchantId, {
        displayName: record.displayName,
        businessName: record.businessName,
        vatNumber: blankToNull(record.vatNumber),
        website: blankToNull(record.website),
        contactEmail: blankToNull(record.contactEmail),
        contactPhone: blankToNull(record.contactPhone),
        commissionBps: Math.round(Number(record.commission) * 100),
        payoutBasis: record.payoutBasis,
        payoutFrequency: record.payoutFrequency,
      });
      return answer({ success: "Merchant record saved." });
    }
    if (intent === "invite") {
      const values = { name: formText(form, "name"), email: formText(form, "email"), role: formText(form, "role") };
      const parsed = parseFields(inviteFields, values);
      if (!parsed.ok) return answer({ values, fieldErrors: parsed.fieldErrors }, 400);
      await inviteMerchantUserAsStaff(context.db, context.clock, actor, { merchantId, ...parsed.data, brand: context.brand.id, linkOrigin: context.publicOrigin });
      return answer({ success: `Invitation sent to ${parsed.data.email}.` });
    }
    if (intent === "find-address") {
      const values = { addressCountry: formText(form, "addressCountry"), addressPostcode: formText(form, "addressPostcode") };
      const { fieldErrors, found } = await findDeliveryPoints(context, values);
      return answer({ values, fieldErrors, found }, fieldErrors ? 400 : 200);
    }
    if (intent === "add-address") {
      const values = { addressCountry: formText(form, "addressCountry"), addressPostcode: formText(form, "addressPostcode"), deliveryPoint: formText(form, "deliveryPoint") };
      if (!/^\d{1,9}$/.test(values.deliveryPoint)) {
        const { found } = await findDeliveryPoints(context, values);
        return answer({ values, found, fieldErrors: { deliveryPoint: "Choose the merchant's address from the list." } }, 400);
      }
      const added = await addMerchantAddress(context.db, context.clock, actor, merchantId, Number(values.deliveryPoint));
      return answer({ success: `Address added: ${added.addressLine1}, ${added.postCode}.` });
    }
    if (intent === "remove-address") {
      const id = formText(form, "addressId");
      if (!/^\d{1,9}$/.test(id)) return answer({ formError: "That address is not one of this merchant's: reload the page." }, 400);
      await removeMerchantAddress(context.db, context.clock, actor, merchantId, Number(id));
      return answer({ success: "Address removed." });
    }
    return answer({ formError: "Unknown action." }, 400);
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
