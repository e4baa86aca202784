import { redirect } from "react-router";

/** Legacy /voucher (spec §7): My Vouchers lives at /myaccount/vouchers now. */
export function loader() {
  throw redirect("/myaccount/vouchers", 301);
}

export default function LegacyVoucher() {
  return null;
}
