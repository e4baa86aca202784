/**
 * The bar above the header in demo mode (DEMO=on): the shop's data is made up and nothing is
 * charged. It is the same for every visitor, so cached pages may carry it.
 */
export function DemoBanner({ mailbox }: { mailbox: boolean }) {
  return (
    <aside aria-label="Demo shop" className="bg-yellow-100 px-4 py-2 text-center text-sm text-black">
      <strong>Demo shop:</strong> the deals are made up and no payment is taken (use a sandbox test card). The{" "}
      <a href="/admin" className="font-bold underline">
        back office
      </a>{" "}
      opens with owner@example.com and the password Demo-Owner-2026!, the{" "}
      <a href="/merchant/login" className="font-bold underline">
        merchant portal
      </a>{" "}
      with till@example.com and Demo-Till-2026!.
      {mailbox && (
        <>
          {" "}
          Emails the shop sends are in the{" "}
          <a href="/dev/mailbox" className="font-bold underline">
            development mailbox
          </a>
          .
        </>
      )}
    </aside>
  );
}
