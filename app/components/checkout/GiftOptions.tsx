import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatMoney } from "../../../lib/money";
import { GIFT_MESSAGE_LIMIT, GIFT_RECIPIENT_NAME_LIMIT, type GiftToast, type GiftType, isPackType, isPresetType } from "../../../modules/basket/gifting";
import { GIFT_STATES } from "../../../modules/my-vouchers/gift-states";
import { CsrfField } from "../CsrfField";
import { FIELD_INPUT_CLASS, LabelledField } from "../LabelledField";
import { useToast } from "../Toasts";
import type { CheckoutData, CheckoutLine } from "./types";

type GiftPresetOffer = CheckoutData["giftingDetails"]["presets"][number];

const CHOICES: { type: GiftType; label: string; hint: string }[] = [
  { type: "NONE", label: "Not a gift", hint: "The voucher is for me." },
  {
    type: "GIFT",
    label: "Gift",
    hint: "I'll print the voucher and give it myself.",
  },
  {
    type: "E_GIFT",
    label: "E-gift",
    hint: "Email the voucher to them with my message when the order is placed.",
  },
  { type: "WRAPPED", label: "Gift wrap", hint: "Wrapped in paper with a ribbon and a gift tag." },
  { type: "NEXT_DAY_GIFT_PACK", label: "Next-day gift pack", hint: "The voucher in a gift box: order before 2pm, delivered in 1 working day." },
  { type: "STANDARD_DELIVERY_GIFT_PACK", label: "Standard gift pack", hint: "The voucher in a gift box, delivered within 3 working days." },
];

/** What a line's stored gift choice shows as on the page. */
function storedType(line: CheckoutLine): GiftType {
  return line.gifting?.type ?? (line.gift ? "GIFT" : "NONE");
}

/** One line's summary of its gift choice, e.g. "E-gift for Grace (grace@example.com)". */
export function giftSummary(gifting: CheckoutLine["gifting"]): string | null {
  if (!gifting || gifting.type === "NONE") return null;
  if (gifting.type === "E_GIFT") return `E-gift for ${gifting.recipientName ?? ""} (${gifting.recipientEmail ?? ""})`;
  if (gifting.type === "WRAPPED") return "Gift wrapped";
  if (gifting.type === "NEXT_DAY_GIFT_PACK") return "Next-day gift pack";
  if (gifting.type === "STANDARD_DELIVERY_GIFT_PACK") return "Standard gift pack";
  return "Gift";
}

/**
 * "Gift it" for one basket line (spec §4 Gifting): not a gift, a gift (printed voucher to give), an
 * E-gift (recipient name and email, and a message with a characters-remaining counter), gift wrap
 * or a gift pack (offered when the market has them; their price is per item). Saved on the line
 * with the checkout's "gift" intent (a plain form post without JavaScript); the wrap and pack
 * lines follow on the server, and its toast ('Gift Wrap Added', 'Gift Pack Added') shows here.
 */
export function GiftOptions({ line, name, csrfToken, presets }: { line: CheckoutLine; name: string; csrfToken: string; presets: readonly GiftPresetOffer[] }) {
  const fetcher = useFetcher<{
    error?: string;
    gifted?: { type: GiftType; toast: GiftToast | null };
  }>({ key: `checkout-gift-${line.id}` });
  const toast = useToast();
  const id = useId();
  const stored = storedType(line);
  const [type, setType] = useState<GiftType>(stored);
  const [message, setMessage] = useState(line.gifting?.message ?? "");
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // A choice or message made before the page's JavaScript ran is kept, not reset to the stored one.
    const shown = form.current ? new FormData(form.current) : null;
    const shownType = shown?.get("giftType");
    if (typeof shownType === "string" && CHOICES.some((choice) => choice.type === shownType)) setType(shownType as GiftType);
    const shownMessage = shown?.get("giftMessage");
    if (typeof shownMessage === "string") setMessage(shownMessage);
    setHydrated(true);
  }, []);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const saved = fetcher.state === "idle" && fetcher.data?.gifted && !error;
  const added = fetcher.data?.gifted?.toast;
  useEffect(() => {
    if (added) toast(added, "success");
  }, [fetcher.data, added, toast]);
  const summary = giftSummary(line.gifting);
  const priceOf = new Map<GiftType, number>(presets.map((preset) => [preset.type, preset.price]));
  const choices = CHOICES.filter((choice) => !isPresetType(choice.type) || priceOf.has(choice.type));
  // Without JavaScript every field shows: the shopper picks and fills in what applies.
  const showRecipient = !hydrated || type === "E_GIFT";
  const showMessage = !hydrated || type === "GIFT" || type === "E_GIFT";
  return (
    <details className="rounded border border-gray-200 px-3 py-2" data-testid="gift-options">
      <summary className="cursor-pointer font-bold text-brand-dark">
        {stored === "NONE" ? GIFT_STATES.GIFT_IT : isPackType(stored) ? GIFT_STATES.GIFT_PACK : GIFT_STATES.GIFTED}
        <span className="sr-only">: {name}</span>
        {summary && <span className="ml-2 text-sm font-normal text-gray-700">{summary}</span>}
      </summary>
      <fetcher.Form ref={form} method="post" className="mt-2 flex flex-col gap-3">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="gift" />
        <input type="hidden" name="lineId" value={line.id} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-bold">Is this a gift?</legend>
          {choices.map((choice) => (
            <label key={choice.type} className="flex items-start gap-2">
              <input
                type="radio"
                name="giftType"
                value={choice.type}
                checked={type === choice.type}
                onChange={() => setType(choice.type)}
                className="mt-1"
                aria-describedby={`${id}-${choice.type}`}
              />
              <span>
                <span className="font-bold">{choice.label}</span>
                {priceOf.has(choice.type) && <span> (+{formatMoney(priceOf.get(choice.type)!, line.currency)} per item)</span>}{" "}
                <span id={`${id}-${choice.type}`} className="text-sm text-gray-700">
                  {choice.hint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {showRecipient && (
          <div className="grid gap-3 sm:grid-cols-2">
            <LabelledField label="Recipient's name" className="">
              {(control) => (
                <input
                  {...control}
                  name="recipientName"
                  defaultValue={line.gifting?.recipientName ?? ""}
                  maxLength={GIFT_RECIPIENT_NAME_LIMIT}
                  autoComplete="off"
                  className={FIELD_INPUT_CLASS}
                />
              )}
            </LabelledField>
            <LabelledField label="Recipient's email" className="">
              {(control) => (
                <input
                  {...control}
                  type="email"
                  name="recipientEmail"
                  defaultValue={line.gifting?.recipientEmail ?? ""}
                  maxLength={254}
                  autoComplete="off"
                  className={FIELD_INPUT_CLASS}
                />
              )}
            </LabelledField>
          </div>
        )}
        {showMessage && (
          <div>
            <label htmlFor={`${id}-message`} className="mb-1 block font-bold">
              Gift message (optional)
            </label>
            <textarea
              id={`${id}-message`}
              name="giftMessage"
              rows={3}
              maxLength={GIFT_MESSAGE_LIMIT}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              aria-describedby={`${id}-remaining`}
              className={FIELD_INPUT_CLASS}
            />
            <p id={`${id}-remaining`} className="text-sm text-gray-700">
              {GIFT_MESSAGE_LIMIT - message.length} characters remaining
            </p>
          </div>
        )}
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="self-start rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          Save gift options
        </button>
        {error && (
          <p role="alert" className="text-sm font-bold text-alert">
            {error}
          </p>
        )}
        {saved && (
          <p role="status" className="text-sm font-bold text-green-800">
            Gift options saved
          </p>
        )}
      </fetcher.Form>
    </details>
  );
}
