import { useRef } from "react";

/**
 * The delete button with its confirmation modal. Without JavaScript it simply submits the form
 * (the ticked confirmation is the safeguard); with JavaScript it first asks in a dialog.
 */
export function AccountDeleteButton({ formId }: { formId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const buttonClass = "rounded px-5 py-3 font-bold";
  return (
    <>
      <button
        type="submit"
        className={`${buttonClass} bg-alert text-white hover:opacity-90`}
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        Delete my account
      </button>
      <dialog ref={dialog} aria-labelledby={`${formId}-title`} className="m-auto max-w-sm rounded-lg p-6 shadow-xl backdrop:bg-black/50">
        <h2 id={`${formId}-title`} className="mb-3 text-xl font-bold">
          Delete your account?
        </h2>
        <p className="mb-6">This can't be undone. You will be signed out and won't be able to log in with this account again.</p>
        <div className="flex gap-3">
          <button
            type="button"
            className={`${buttonClass} bg-alert text-white`}
            onClick={() => {
              dialog.current?.close();
              // requestSubmit does not click this button again, so the dialog is not reopened.
              const form = document.getElementById(formId);
              if (form instanceof HTMLFormElement) form.requestSubmit();
            }}
          >
            Yes, delete my account
          </button>
          <button type="button" className={`${buttonClass} ring-1 ring-gray-400`} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
