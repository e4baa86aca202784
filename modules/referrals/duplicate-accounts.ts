/**
 * How refer a friend tells a second account of the referrer from a real friend
 * (docs/decisions/refer-a-friend.md): the same mailbox, or the first order sent to an address the
 * referrer has used. Pure functions: the callers fetch what they compare.
 */

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * One key per mailbox: case and surrounding spaces ignored, a "+tag" dropped (ann+wow@ and ann@
 * reach the same inbox at most providers), and Gmail's dots and its googlemail.com alias too.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  local = local.split("+")[0];
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

export function sameMailbox(a: string, b: string): boolean {
  return mailboxKey(a) === mailboxKey(b);
}

export interface PostalAddress {
  addressLine1: string | null;
  postcode: string | null;
}

/** The first address line and postcode, with case, spaces and punctuation ignored; null when either is missing. */
export function addressKey(address: PostalAddress): string | null {
  const line = (address.addressLine1 ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");
  const postcode = (address.postcode ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  return line && postcode ? `${line}|${postcode}` : null;
}

export function sameAddress(address: PostalAddress, others: readonly PostalAddress[]): boolean {
  const key = addressKey(address);
  return key !== null && others.some((other) => addressKey(other) === key);
}
