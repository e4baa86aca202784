import { useEffect, useRef, useState } from "react";
import { apiFetch, loadVisitorSession, useVisitorSession } from "../visitor-session";

interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: { theme: string; size: string; text: string; width?: number }): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

const GSI_SCRIPT = "https://accounts.google.com/gsi/client";

function loadGoogleScript(): Promise<GoogleIdentityServices> {
  return new Promise((resolve, reject) => {
    if (window.google) return resolve(window.google);
    const script = document.createElement("script");
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error("Google sign-in did not load")));
    script.onerror = () => reject(new Error("Google sign-in did not load"));
    document.head.append(script);
  });
}

/**
 * "Sign in with Google", shown only when the server has a Google client id. Google's ID token is
 * verified by the server; a Google account new to us is registered on the spot.
 */
export function LoginGoogleButton() {
  const session = useVisitorSession();
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const clientId = session?.googleClientId ?? null;

  useEffect(() => {
    if (!clientId || !container.current) return;
    const target = container.current;
    const signIn = async ({ credential }: { credential: string }) => {
      let response = await apiFetch("/v1/logingoogle", { method: "POST", json: { idToken: credential } });
      if (response.status === 404) response = await apiFetch("/v1/registergoogleuser", { method: "POST", json: { idToken: credential } });
      if (response.ok) {
        await loadVisitorSession(true);
        // The sign-in page sends a signed-in visitor on to where they were going.
        window.location.reload();
        return;
      }
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? "An unexpected error occurred.");
    };
    loadGoogleScript()
      .then((google) => {
        google.accounts.id.initialize({ client_id: clientId, callback: (response) => void signIn(response) });
        google.accounts.id.renderButton(target, { theme: "outline", size: "large", text: "continue_with", width: 320 });
      })
      .catch(() => setError("Google sign-in is not available right now."));
  }, [clientId]);

  if (!clientId) return null;
  return (
    <div className="mt-6 border-t border-gray-200 pt-6">
      {error && (
        <p role="alert" className="mb-2 font-bold text-alert">
          {error}
        </p>
      )}
      <div ref={container} />
    </div>
  );
}
