/**
 * Share links for a deal (spec discovery §9): Facebook, Twitter, WhatsApp and email, each with
 * an `ito` tracking parameter naming the channel, so visits from shares can be counted.
 */
export type ShareChannel = "facebook" | "twitter" | "whatsapp" | "email";

export interface ShareLink {
  channel: ShareChannel;
  label: string;
  href: string;
}

export function withIto(url: string, channel: ShareChannel): string {
  const parsed = new URL(url);
  parsed.searchParams.set("ito", `share_${channel}`);
  return parsed.toString();
}

export function shareLinks(dealUrl: string, headline: string): ShareLink[] {
  const enc = encodeURIComponent;
  return [
    { channel: "facebook", label: "Share on Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${enc(withIto(dealUrl, "facebook"))}` },
    { channel: "twitter", label: "Share on Twitter", href: `https://twitter.com/intent/tweet?url=${enc(withIto(dealUrl, "twitter"))}&text=${enc(headline)}` },
    { channel: "whatsapp", label: "Share on WhatsApp", href: `https://wa.me/?text=${enc(`${headline} ${withIto(dealUrl, "whatsapp")}`)}` },
    { channel: "email", label: "Share by email", href: `mailto:?subject=${enc(headline)}&body=${enc(`I thought you'd like this deal: ${withIto(dealUrl, "email")}`)}` },
  ];
}
