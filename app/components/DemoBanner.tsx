/**
 * The bar above the header in demo mode (DEMO=on): the shop's data is made up and nothing is
 * charged. It is the same for every visitor, so cached pages may carry it.
 */
export function DemoBanner({ mailbox }: { mailbox: boolean }) {
  return (
    <aside aria-label="Demo shop" className="bg-yellow-100 px-4 py-2 text-center text-sm text-black">
      <strong>Demo shop:</strong> the deals are made up and no payment is taken (use a sandbox test card).
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
