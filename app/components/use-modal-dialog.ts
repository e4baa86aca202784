import { useCallback, useEffect, useRef } from "react";

/**
 * A native modal <dialog>: showModal() moves focus into it and makes the page behind inert, Escape
 * closes it; on closing, focus goes back to what had it before (WCAG 2.4.3).
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
  }, []);

  const close = useCallback(() => dialog.current?.close(), []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const restore = () => {
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target && target.isConnected) target.focus();
    };
    element.addEventListener("close", restore);
    return () => element.removeEventListener("close", restore);
  }, []);

  return { dialog, open, close };
}
