import { data, Form, useActionData } from "react-router";
import { formatMoney, type Currency } from "../../../lib/money";
import { listGiftPresetRecords } from "../../../modules/catalog/gift-presets";
import { changeGiftPreset, parseGiftPresetForm } from "../../../modules/deal-pipeline/edit-gift-presets";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { HeadingRow } from "../../components/HeadingRow";
import { TableScroller } from "../../components/TableScroller";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/gift-presets";

export const meta = accountMeta("Gift wrap and gift packs");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const MARKET = { GB: "UK", IE: "Ireland" } as const;

/** A preset's two fields, named by its product so each preset's form has ids of its own. */
function presetFields(productId: number, name: string) {
  return {
    price: { name: "price", id: `preset-${productId}-price`, label: `Price of ${name}`, hint: "What checkout charges for one, such as 2.99." },
    unitsLeft: { name: "unitsLeft", id: `preset-${productId}-units`, label: `Units left of ${name}`, hint: "A whole number; blank for unlimited." },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/gift-presets");
  const records = await listGiftPresetRecords(context.db);
  return {
    csrfToken: context.session.csrfToken(),
    presets: records.map((record) => ({
      productId: record.productId,
      name: `${record.title} (${MARKET[record.countryCode]})`,
      price: formatMoney(record.price, record.currency as Currency),
      priceValue: (record.price / 100).toFixed(2),
      unitsLeft: record.unitsLeft,
    })),
  };
}

type Answer = { productId?: number; fieldErrors?: Record<string, string | undefined>; formError?: string; success?: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/gift-presets");
  const form = await request.formData();
  const idText = formText(form, "productId");
  const productId = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  const values = { price: formText(form, "price"), unitsLeft: formText(form, "unitsLeft") };
  const answer = (result: Answer, status = 200) => data<Answer>({ productId, values, ...result }, { status });
  const parsed = parseGiftPresetForm(values);
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors }, 400);
  try {
    await changeGiftPreset(context.db, context.clock, actor, productId, parsed.change);
    return answer({ success: "Saved: checkout charges the new price from the next basket; baskets already holding one keep theirs." });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}

export default function AdminGiftPresets({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { presets, csrfToken } = loaderData;
  const answered = presets.find((preset) => preset.productId === result?.productId);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Gift wrap and gift packs</h1>
      {answered && <AdminFormErrors result={result} fields={Object.values(presetFields(answered.productId, answered.name))} />}
      {!answered && result?.formError && <AccountFormMessage error={result.formError} />}
      {result?.success && <AccountFormMessage success={result.success} />}
      <p className="mb-4 max-w-3xl">What checkout offers with each deal: gift wrap, and a gift pack sent the next day or within three working days. Each market has its own.</p>
      <TableScroller label="Gift wrap and gift packs">
        <table className="mb-6 w-full border-collapse bg-white text-sm">
          <caption className="sr-only">Gift wrap and gift packs by market</caption>
          <thead>
            <HeadingRow headings={["Name", "Price", "Units left"]} numeric={["Price", "Units left"]} />
          </thead>
          <tbody>
            {presets.map((preset) => (
              <tr key={preset.productId} className="border-b border-gray-200" data-testid="gift-preset-row">
                <td className="p-2 font-bold">{preset.name}</td>
                <td className="p-2 text-right">{preset.price}</td>
                <td className="p-2 text-right">{preset.unitsLeft === null ? "Unlimited" : preset.unitsLeft.toLocaleString("en-GB")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <div className="grid max-w-5xl gap-4 md:grid-cols-2">
        {presets.map((preset) => {
          const fields = presetFields(preset.productId, preset.name);
          const mine = result?.productId === preset.productId ? result : undefined;
          return (
            <Form key={preset.productId} method="post" className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" noValidate>
              <h2 className="text-lg font-bold">{preset.name}</h2>
              <CsrfField token={csrfToken} />
              <input type="hidden" name="productId" value={preset.productId} />
              <AdminTextField field={fields.price} defaultValue={mine?.values?.price ?? preset.priceValue} error={mine?.fieldErrors?.price} />
              <AdminTextField
                field={fields.unitsLeft}
                defaultValue={mine?.values?.unitsLeft ?? (preset.unitsLeft === null ? "" : String(preset.unitsLeft))}
                error={mine?.fieldErrors?.unitsLeft}
              />
              <button type="submit" className="self-start rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
                Save {preset.name}
              </button>
            </Form>
          );
        })}
      </div>
    </section>
  );
}
