import type { MetaDescriptor } from "react-router";

interface RootData {
  brand?: { displayName: string };
}

/** Title "<page> | <brand>" and no indexing: account pages are personal or pointless in search. */
export function accountMeta(title: string) {
  return ({ matches }: { matches: readonly ({ id: string; data?: unknown } | undefined)[] }): MetaDescriptor[] => {
    const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
    return [{ title: root?.brand ? `${title} | ${root.brand.displayName}` : title }, { name: "robots", content: "NOINDEX, FOLLOW" }];
  };
}

/** A page opened from an emailed link with a token in it: as `accountMeta`, and the token never leaks to other sites through the Referer header. */
export function tokenLinkMeta(title: string) {
  const meta = accountMeta(title);
  return (args: Parameters<typeof meta>[0]): MetaDescriptor[] => [...meta(args), { name: "referrer", content: "same-origin" }];
}
