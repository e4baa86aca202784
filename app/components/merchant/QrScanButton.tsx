import { useEffect, useRef, useState } from "react";

// The Barcode Detection API is not in TypeScript's DOM types yet: the little of it used here.
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorConstructor | null {
  const candidate = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return candidate && typeof navigator.mediaDevices?.getUserMedia === "function" ? candidate : null;
}

const SCAN_INTERVAL_MS = 250;

/**
 * "Scan QR code": reads a voucher's QR code (it holds the code, see modules/vouchers/voucher-pdf.ts)
 * with the device camera, where the browser has BarcodeDetector and a camera; absent elsewhere,
 * so the typed field is the way in. The camera stops as soon as a code is read or on Cancel/Escape.
 */
export function QrScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => setSupported(barcodeDetector() !== null), []);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!scanning || !Detector) return;
    cancel.current?.focus();
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scan = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new Detector({ formats: ["qr_code"] });
        const tick = async () => {
          if (stopped || !video.current) return;
          const [code] = await detector.detect(video.current).catch(() => []);
          if (code?.rawValue) {
            setScanning(false);
            found.current(code.rawValue);
          } else timer = setTimeout(tick, SCAN_INTERVAL_MS);
        };
        await tick();
      } catch {
        if (stopped) return;
        setProblem("We couldn't use the camera. Please type the code instead.");
        setScanning(false);
      }
    };
    void scan();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning]);

  if (!supported) return null;
  return (
    <div className="mt-3">
      {!scanning && (
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            setScanning(true);
          }}
          className="rounded border border-brand px-4 py-2 font-bold text-brand-dark hover:bg-gray-100"
        >
          Scan QR code
        </button>
      )}
      {problem && (
        <p role="alert" className="mt-2 font-bold text-alert">
          {problem}
        </p>
      )}
      {scanning && (
        <section
          aria-label="Scan the voucher's QR code"
          className="mt-2 rounded border border-gray-300 bg-white p-3"
          onKeyDown={(event) => {
            if (event.key === "Escape") setScanning(false);
          }}
        >
          <p role="status" className="mb-2">
            Point the camera at the QR code on the voucher.
          </p>
          <video ref={video} muted playsInline className="w-full max-w-sm rounded bg-black" />
          <button ref={cancel} type="button" onClick={() => setScanning(false)} className="mt-2 rounded px-4 py-2 text-brand-dark underline hover:bg-gray-100">
            Cancel
          </button>
        </section>
      )}
    </div>
  );
}
