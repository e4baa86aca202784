import type { BrandId } from "../../lib/brand";

export interface AccountMenuItem {
  label: string;
  href: string;
}

interface MenuEntry extends AccountMenuItem {
  brands: readonly BrandId[];
  vipOnly?: boolean;
}

// Spec §2: livingsocial has vouchers, account details, subscriptions, gift card redeem, wallet and
// claim a gift; wowcher adds My Rewards (VIP only), Club, refer a friend and become a merchant.
// The Irish brands leave out the Club (docs/decisions/accounts-menu-per-brand.md).
const MENU: readonly MenuEntry[] = [
  { label: "My Vouchers", href: "/myaccount/vouchers", brands: ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] },
  { label: "Account Details", href: "/myaccount/profile", brands: ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] },
  { label: "My Subscriptions", href: "/myaccount/subscriptions", brands: ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] },
  { label: "Redeem Gift Card", href: "/giftcard/redeem", brands: ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] },
  { label: "My Wallet", href: "/myaccount/wallet", brands: ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] },
  { label: "Claim a Gift", href: "/mygift", brands: ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] },
  { label: "My Rewards", href: "/myaccount/vip-rewards", brands: ["wowcher", "wowcherie"], vipOnly: true },
  { label: "Club", href: "/myaccount/rewards", brands: ["wowcher"] },
  { label: "Refer a Friend", href: "/myaccount/refer-a-friend", brands: ["wowcher", "wowcherie"] },
  { label: "Become a Merchant", href: "/page/businessfaq", brands: ["wowcher", "wowcherie"] },
];

/** The account menu a customer of a brand sees; My Rewards only for VIP members. */
export function accountMenu(brand: BrandId, vipUser: boolean): AccountMenuItem[] {
  return MENU.filter((entry) => entry.brands.includes(brand) && (!entry.vipOnly || vipUser)).map(({ label, href }) => ({ label, href }));
}
