import qrcode from "qrcode-generator";
import { newStaffTotpEnrolment } from "../../modules/staff/enrol-totp";

/**
 * What the enrolment page shows: the otpauth URI as text and as a QR code (an image drawn on
 * the server, so the library never reaches a browser bundle), and the secret in groups of four.
 */
export function totpEnrolmentView(email: string, secret?: string) {
  const enrolment = newStaffTotpEnrolment(email, secret);
  const qr = qrcode(0, "M");
  qr.addData(enrolment.uri);
  qr.make();
  return { ...enrolment, qrDataUrl: qr.createDataURL(4, 4) };
}
