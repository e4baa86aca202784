import { useEffect } from "react";
import { LoginGoogleButton } from "./LoginGoogleButton";
import { useModalDialog } from "./use-modal-dialog";

/**
 * The sign-in / sign-up prompt for first-time visitors (spec: unauthenticated, no brand cookie,
 * no affiliate source; the server decides and remembers it asked, so it is shown once). A modal
 * <dialog>: focus moves in, Escape closes it, focus returns (docs/decisions/accounts-sign-in-prompt.md).
 */
export function AccountSignInPrompt({ returnTo }: { returnTo: string }) {
  const { dialog, open, close } = useModalDialog();

  useEffect(() => {
    open();
  }, [open]);

  const query = `?redirectUrl=${encodeURIComponent(returnTo)}`;
  return (
    <dialog ref={dialog} aria-labelledby="sign-in-prompt-title" className="m-auto w-[min(26rem,92vw)] rounded-lg p-6 text-brand-ink shadow-xl backdrop:bg-black/50">
      <h2 id="sign-in-prompt-title" className="mb-2 text-xl font-bold">
        Unlock the best deals
      </h2>
      <p className="mb-5">Log in or create a free account to save deals to your wish list and check out faster.</p>
      <div className="flex flex-col gap-3">
        <a className="rounded bg-brand px-5 py-3 text-center font-bold text-white hover:bg-brand-dark" href={`/login${query}`}>
          Log in
        </a>
        <a className="rounded px-5 py-3 text-center font-bold ring-1 ring-brand text-brand-dark hover:bg-gray-50" href={`/register${query}`}>
          Create an account
        </a>
        <button type="button" className="px-5 py-2 underline" onClick={close}>
          No thanks, just browsing
        </button>
      </div>
      <LoginGoogleButton />
    </dialog>
  );
}
