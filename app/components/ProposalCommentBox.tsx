import { FIELD_INPUT_CLASS } from "./LabelledField";

/**
 * The comment box under a deal proposal, for staff and merchant alike: posted as `comment`, marked
 * invalid when the last post was refused, emptied after a post that succeeded (the new `resetKey`).
 */
export function ProposalCommentBox({ id, label, hint, invalid, resetKey }: { id: string; label: string; hint?: string; invalid: boolean; resetKey: string }) {
  return (
    <>
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        name="comment"
        rows={4}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={invalid ? true : undefined}
        className={`${FIELD_INPUT_CLASS} mb-3`}
        key={resetKey}
      />
    </>
  );
}
