import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { FormResult } from "../../accounts/form-result";
import { DEAL_EDITOR_FIELDS, type MerchantChoices, OPTION_FIELDS, OPTION_LABELS, dealEditorFields, optionField, optionFieldId } from "../../admin/deal-editor-fields";
import { AccountSubmit } from "../AccountField";
import { CsrfField } from "../CsrfField";
import { AdminFormErrors } from "./AdminFormErrors";

type Choice = { value: string; label: string };
type Group = { label: string; options: Choice[] };

export interface DealEditorChoices {
  locations: Group[];
  categories: Group[];
  currencySymbols: { GB: string; IE: string };
}

const INPUT = "rounded border border-gray-500 p-2";
const FIELD = Object.fromEntries(DEAL_EDITOR_FIELDS.map((field) => [field.name, field])) as Record<
  (typeof DEAL_EDITOR_FIELDS)[number]["name"],
  { name: string; id: string; label: string }
>;
const MONEY_FIELDS = new Set(["price", "originalPrice", "vipPrice", "adminFee"]);

/**
 * The deal editor's form (new deal and edit): every field labelled, each problem under its field and
 * in the summary at the top, which links to it. Works without JavaScript: blank option rows add options.
 */
export function DealEditorForm(props: {
  csrfToken: string;
  values: Record<string, string>;
  rows: number;
  result: FormResult | undefined;
  choices: DealEditorChoices;
  merchants: MerchantChoices;
  busy: boolean;
  submitLabel: string;
}) {
  const { values, result, choices, rows } = props;
  const errors = result?.fieldErrors ?? {};
  const symbol = values.countryCode === "IE" ? choices.currencySymbols.IE : choices.currencySymbols.GB;
  const described = (name: string, id: string, hint?: string) => {
    const ids = [hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(" ");
    return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
  };
  const problem = (name: string, id: string) =>
    errors[name] ? (
      <p id={`${id}-error`} className="text-alert">
        {errors[name]}
      </p>
    ) : null;
  const hint = (id: string, text: string) => (
    <p id={`${id}-hint`} className="text-sm text-gray-700">
      {text}
    </p>
  );
  const text = (name: keyof typeof FIELD, options: { long?: number; hint?: string; max?: number } = {}) => {
    const field = FIELD[name];
    const common = { id: field.id, name: field.name, defaultValue: values[field.name] ?? "", className: INPUT, ...described(field.name, field.id, options.hint) };
    return (
      <div className="flex flex-col">
        <label htmlFor={field.id} className="font-bold">
          {field.label}
        </label>
        {options.hint && hint(field.id, options.hint)}
        {options.long ? <textarea rows={options.long} {...common} /> : <input type="text" maxLength={options.max} {...common} />}
        {problem(field.name, field.id)}
      </div>
    );
  };
  const whole = (name: keyof typeof FIELD, hintText: string) => {
    const field = FIELD[name];
    return (
      <div className="flex flex-col">
        <label htmlFor={field.id} className="font-bold">
          {field.label}
        </label>
        {hint(field.id, hintText)}
        <input
          type="text"
          inputMode="numeric"
          id={field.id}
          name={field.name}
          defaultValue={values[field.name] ?? ""}
          className={`${INPUT} w-40`}
          {...described(field.name, field.id, hintText)}
        />
        {problem(field.name, field.id)}
      </div>
    );
  };
  const select = (name: keyof typeof FIELD, groups: Group[], empty: string) => {
    const field = FIELD[name];
    return (
      <div className="flex flex-col">
        <label htmlFor={field.id} className="font-bold">
          {field.label}
        </label>
        <select id={field.id} name={field.name} defaultValue={values[field.name] ?? ""} className={INPUT} {...described(field.name, field.id)}>
          <option value="">{empty}</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {problem(field.name, field.id)}
      </div>
    );
  };
  const checkbox = (name: keyof typeof FIELD, hintText: string) => {
    const field = FIELD[name];
    return (
      <div className="flex flex-col">
        <label htmlFor={field.id} className="flex items-center gap-2 font-bold">
          <input type="checkbox" id={field.id} name={field.name} defaultChecked={values[field.name] === "on"} className="h-5 w-5" {...described(field.name, field.id, hintText)} />
          {field.label}
        </label>
        {hint(field.id, hintText)}
        {problem(field.name, field.id)}
      </div>
    );
  };
  const dateTime = (name: keyof typeof FIELD, hintText: string) => {
    const field = FIELD[name];
    return (
      <div className="flex flex-col">
        <label htmlFor={field.id} className="font-bold">
          {field.label}
        </label>
        {hint(field.id, hintText)}
        <input
          type="datetime-local"
          id={field.id}
          name={field.name}
          defaultValue={values[field.name] ?? ""}
          className={`${INPUT} w-64`}
          {...described(field.name, field.id, hintText)}
        />
        {problem(field.name, field.id)}
      </div>
    );
  };

  return (
    <>
      <AdminFormErrors result={result} fields={dealEditorFields(rows)} />
      {result?.success && <SavedMessage text={result.success} attempt={result} />}
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <CsrfField token={props.csrfToken} />
        {/* The form's default button comes first, so Enter in any field saves rather than running the merchant search. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          {props.submitLabel}
        </button>
        <fieldset className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <legend className="px-1 text-xl font-bold">Words</legend>
          {text("headline", { hint: "Tiles and the deal page, price first: “£29 for a Spa Day for Two at …”", max: 200 })}
          {text("title", { max: 200 })}
          {text("description", { long: 8, hint: "Plain text: paragraphs separated by a blank line." })}
          {text("finePrint", { long: 4 })}
          {text("promoTypeTitle", { hint: "The promotion it runs under, such as Black Friday; blank for none.", max: 80 })}
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <legend className="px-1 text-xl font-bold">Where and what</legend>
          <fieldset aria-describedby={errors.dealType ? "deal-type-local-error" : undefined}>
            <legend className="font-bold">Deal type</legend>
            {(
              [
                ["local", "Local: sold in one location"],
                ["national", "National (shop): sold everywhere in its market"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} htmlFor={`deal-type-${value}`} className="mr-6 inline-flex items-center gap-2">
                <input type="radio" id={`deal-type-${value}`} name="dealType" value={value} defaultChecked={(values.dealType || "local") === value} className="h-5 w-5" />
                {label}
              </label>
            ))}
            {problem("dealType", "deal-type-local")}
          </fieldset>
          {select(
            "countryCode",
            [
              {
                label: "Markets",
                options: [
                  { value: "GB", label: "United Kingdom (£)" },
                  { value: "IE", label: "Ireland (€)" },
                ],
              },
            ],
            "Choose a market",
          )}
          {select("locationId", choices.locations, "None (national deal)")}
          {select("subCategoryId", choices.categories, "Choose a sub-category")}
          <MerchantPicker merchants={props.merchants} values={values} errors={errors} />
          {select(
            "redemptionType",
            [
              {
                label: "Redemption",
                options: [
                  { value: "standard", label: "Standard: show the voucher" },
                  { value: "call-to-book", label: "Call to book" },
                ],
              },
            ],
            "Choose how it is redeemed",
          )}
          {dateTime("closingDate", "In the market's local time (London or Dublin).")}
          {dateTime("vipEarlyAccessUntil", "Until then only VIP members may buy it; blank for none.")}
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <legend className="px-1 text-xl font-bold">Prices and limits</legend>
          {checkbox("vipDiscountAllowed", "VIP members pay an option's VIP price.")}
          {checkbox("pricePerPerson", "Shown as “pp” after the price.")}
          {checkbox("highFraudRisk", "Every order of it waits in fraud review before its vouchers are released.")}
          {whole("dailyCap", "Blank: no daily limit.")}
          {whole("weeklyCap", "Blank: no weekly limit.")}
          {whole("purchaseCap", "Most one customer may buy over all orders; blank: no limit.")}
          {text("depositPrice", {
            hint: `In ${symbol}, such as 25.00: a shopper who chooses to pay a deposit pays this for each unit at checkout instead of the price. Less than every option's price; blank: no deposit.`,
            max: 12,
          })}
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <legend className="px-1 text-xl font-bold">Delivery</legend>
          <fieldset aria-describedby={errors.delivery ? "deal-delivery-none-error" : undefined}>
            <legend className="font-bold">How the shopper gets it</legend>
            {(
              [
                ["none", "A voucher only: nothing is posted"],
                ["posted", "Goods posted to the shopper"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} htmlFor={`deal-delivery-${value}`} className="mr-6 inline-flex items-center gap-2">
                <input type="radio" id={`deal-delivery-${value}`} name="delivery" value={value} defaultChecked={(values.delivery || "none") === value} className="h-5 w-5" />
                {label}
              </label>
            ))}
            {problem("delivery", "deal-delivery-none")}
          </fieldset>
          <p className="text-sm text-gray-700">
            For posted goods: every option offers the same choices, each priced per item. Shoppers choose one at checkout; the cheapest is charged until they do.
          </p>
          {text("standardPostage", { hint: `In ${symbol}, such as 3.99; 0.00 for free delivery. Required for posted goods.`, max: 12 })}
          {text("nextDayPostage", { hint: `In ${symbol}, at least the standard price; blank: not offered.`, max: 12 })}
          {text("collectFrom", { hint: "The collection point's address line and town, such as 12 High Street, Leeds; blank: not offered. Collecting is free.", max: 200 })}
        </fieldset>

        {Array.from({ length: rows }, (_, row) => {
          const existing = values[optionField(row, "id")];
          return (
            <fieldset key={row} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="option-row">
              <legend className="px-1 text-xl font-bold">
                Option {row + 1}
                {!existing && row > 0 && <span className="text-base font-normal"> (fill in to add; leave blank to skip)</span>}
              </legend>
              {existing && <input type="hidden" name={optionField(row, "id")} value={existing} />}
              <div className="grid gap-3 sm:grid-cols-2">
                {OPTION_FIELDS.map((field) => {
                  const name = optionField(row, field);
                  const id = optionFieldId(row, field);
                  const money = MONEY_FIELDS.has(field);
                  return (
                    <div key={field} className={`flex flex-col ${field === "title" ? "sm:col-span-2" : ""}`}>
                      <label htmlFor={id} className="font-bold">
                        {OPTION_LABELS[field]}
                        {money && ` (${symbol})`}
                      </label>
                      <input
                        type="text"
                        id={id}
                        name={name}
                        inputMode={field === "title" ? undefined : money ? "decimal" : "numeric"}
                        defaultValue={values[name] ?? ""}
                        placeholder={money ? "0.00" : undefined}
                        className={INPUT}
                        aria-invalid={errors[name] ? true : undefined}
                        aria-describedby={errors[name] ? `${id}-error` : undefined}
                      />
                      {problem(name, id)}
                    </div>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <AccountSubmit busy={props.busy}>{props.submitLabel}</AccountSubmit>
      </Form>
    </>
  );
}

/**
 * The merchant: words typed and "Search merchants" (a submit button, so it works without JavaScript)
 * bring back the form as typed with the matching merchants in the select; nothing is saved.
 */
function MerchantPicker({ merchants, values, errors }: { merchants: MerchantChoices; values: Record<string, string>; errors: Partial<Record<string, string>> }) {
  const search = useRef<HTMLButtonElement>(null);
  const query = FIELD.merchantQuery;
  const field = FIELD.merchantId;
  const found =
    merchants.total === null
      ? null
      : merchants.total === 0
        ? `No merchant matches “${merchants.query}”.`
        : `${merchants.total.toLocaleString("en-GB")} merchant${merchants.total === 1 ? "" : "s"} match “${merchants.query}”${merchants.total > merchants.options.length ? `: the first ${merchants.options.length} are in the list; add words to narrow it` : ""}.`;
  return (
    <div className="flex flex-col gap-2 rounded border border-gray-300 p-3">
      <label htmlFor={query.id} className="font-bold">
        {query.label}
      </label>
      <p id={`${query.id}-hint`} className="text-sm text-gray-700">
        Part of its display or business name, or its number; then choose it below.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          type="search"
          id={query.id}
          name={query.name}
          defaultValue={values.merchantQuery ?? ""}
          maxLength={100}
          className={`${INPUT} w-64`}
          aria-describedby={`${query.id}-hint`}
          onKeyDown={(event) => {
            // Enter here searches rather than saving the whole deal (without JavaScript it saves, and any refusal still lists the matches).
            if (event.key === "Enter") {
              event.preventDefault();
              search.current?.click();
            }
          }}
        />
        <button
          ref={search}
          type="submit"
          name="intent"
          value="find-merchant"
          className="rounded border-2 border-brand-dark px-3 py-2 font-bold text-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400"
        >
          Search merchants
        </button>
      </div>
      <p role="status" className="text-sm" data-testid="merchant-matches">
        {found}
      </p>
      <label htmlFor={field.id} className="font-bold">
        {field.label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={values.merchantId ?? ""}
        className={INPUT}
        aria-invalid={errors.merchantId ? true : undefined}
        aria-describedby={errors.merchantId ? `${field.id}-error` : undefined}
      >
        <option value="">{merchants.options.length ? "Choose a merchant" : "Search above to list merchants"}</option>
        {merchants.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errors.merchantId && (
        <p id={`${field.id}-error`} className="text-alert">
          {errors.merchantId}
        </p>
      )}
    </div>
  );
}

/** "Saved": takes the focus once the save is done, so keyboard and screen-reader users hear it where they are. */
function SavedMessage({ text, attempt }: { text: string; attempt: unknown }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [attempt]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mb-4 rounded border border-green-700 bg-green-50 px-3 py-2 font-bold text-green-800 focus-visible:ring-4 focus-visible:ring-yellow-400"
    >
      {text}
    </p>
  );
}
