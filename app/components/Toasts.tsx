import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

/**
 * A stack of toasts at the top right, newest first (spec: default position top-right). Any
 * component shows one with useToast()("Saved"); they leave after a few seconds or when closed.
 */
export type ToastKind = "info" | "success" | "error";

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

type ShowToast = (message: string, kind?: ToastKind) => void;

const ToastContext = createContext<ShowToast>(() => {});
const TOAST_MS = 5000;
let nextId = 1;

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback<ShowToast>((message, kind = "info") => {
    const id = nextId++;
    setToasts((list) => [{ id, message, kind }, ...list]);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ol aria-live="polite" aria-label="Notifications" className="pointer-events-none fixed right-4 top-4 z-50 flex w-80 flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

const KIND_CLASS: Record<ToastKind, string> = {
  info: "bg-gray-900 text-white",
  success: "bg-green-800 text-white",
  error: "bg-alert text-white",
};

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    // The list is the live region: a role on the item would break the list's structure (axe).
    <li className={`pointer-events-auto flex items-start gap-3 rounded px-4 py-3 shadow-lg ${KIND_CLASS[toast.kind]}`}>
      <span className="flex-1">{toast.message}</span>
      <button type="button" onClick={onClose} aria-label="Dismiss notification" className="font-bold">
        ×
      </button>
    </li>
  );
}
