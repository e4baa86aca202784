import { formatMoney } from "../../lib/money";

export interface ProposalView {
  id: number;
  title: string;
  description: string;
  statusLabel: string;
  options: { title: string; price: number; originalPrice: number }[];
  quantity: number;
  startWanted: string;
  endWanted: string;
  photos: { src: string | null; alt: string }[];
  comments: { id: number; authorKind: "merchant" | "staff"; authorName: string; body: string; at: string }[];
}

/** A proposal as both sides read it: what is proposed, its photos, and the thread oldest first. */
export function ProposalDetails({ proposal, currency, staffLabel }: { proposal: ProposalView; currency: "GBP" | "EUR"; staffLabel: string }) {
  return (
    <>
      <p className="mb-4">
        Status: <strong data-testid="proposal-status">{proposal.statusLabel}</strong>
      </p>
      <p className="mb-4 whitespace-pre-line">{proposal.description}</p>
      <h2 className="mb-2 text-xl font-bold">Price points</h2>
      <ul className="mb-4 list-disc pl-6">
        {proposal.options.map((option, index) => (
          <li key={index}>
            {option.title}: {formatMoney(option.price, currency)} (usually {formatMoney(option.originalPrice, currency)})
          </li>
        ))}
      </ul>
      <p className="mb-4">
        Quantity: {proposal.quantity}. Dates wanted: {proposal.startWanted} to {proposal.endWanted}.
      </p>
      {proposal.photos.length > 0 && (
        <>
          <h2 className="mb-2 text-xl font-bold">Photos</h2>
          <ul className="mb-4 flex flex-wrap gap-3">
            {proposal.photos.map((photo, index) => (
              <li key={index} className="w-40">
                {photo.src ? <img src={photo.src} alt={photo.alt} width={160} height={100} className="rounded" /> : <p>Photo missing</p>}
                <p className="text-sm text-gray-700">{photo.alt}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className="mb-2 text-xl font-bold">Comments</h2>
      {proposal.comments.length === 0 ? (
        <p className="mb-4">No comments yet.</p>
      ) : (
        <ol className="mb-4 flex flex-col gap-3" aria-label="Comments, oldest first">
          {proposal.comments.map((comment) => (
            <li key={comment.id} className="rounded border border-gray-300 bg-white p-3">
              <p className="text-sm text-gray-700">
                {comment.authorName} ({comment.authorKind === "staff" ? staffLabel : "merchant"}), {comment.at}
              </p>
              <p className="whitespace-pre-line">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
