import { qrMatrix } from "../vouchers/voucher-pdf";
import type { ReturnsLabel } from "./returns-label";
import { brandedPdfPage } from "../../lib/pdf-page";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/**
 * The returns label: a cut-out box with the merchant's return address and the reference (large,
 * and as a QR code the merchant can scan), then the order, item and what to do next. Drawn like
 * the voucher PDF, with the standard fonts and vector squares only.
 */
export function renderReturnsLabelPdf(label: ReturnsLabel & { brandName: string }, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, left, width, finish } = brandedPdfPage({ brandName: label.brandName, title: `${label.brandName} returns label ${label.reference}`, subject: label.item, subtitle: "Returns label" }, options);

  // The part to stick on the parcel, inside a dashed cut line.
  const boxTop = 120;
  const boxHeight = 230;
  doc.rect(left, boxTop, width, boxHeight).dash(6, { space: 4 }).strokeColor("#888888").stroke().undash();
  const qrSize = 130;
  const textLeft = left + 20;
  const textWidth = width - qrSize - 60;
  doc.font("Helvetica").fontSize(11).fillColor("#555555").text("Return to:", textLeft, boxTop + 20, { width: textWidth });
  const address = label.returnAddress.length > 0 ? label.returnAddress : [label.merchantName, label.merchantContact ? `Ask ${label.merchantContact} for the return address` : "Contact us for the return address"];
  doc.font("Helvetica-Bold").fontSize(14).fillColor("#111111");
  for (const line of address) doc.text(line, { width: textWidth });
  doc.moveDown(0.8).font("Helvetica").fontSize(11).fillColor("#555555").text("Return reference", { width: textWidth });
  doc.font("Courier-Bold").fontSize(20).fillColor("#111111").text(label.reference, { width: textWidth });
  doc.font("Helvetica").fontSize(10).text(`From: ${label.customerName}`, { width: textWidth });

  const matrix = qrMatrix(label.reference);
  const cell = qrSize / (matrix.length + 8);
  const qrLeft = left + width - qrSize - 20;
  const qrTop = boxTop + 20;
  for (let row = 0; row < matrix.length; row++) {
    for (let column = 0; column < matrix.length; column++) {
      if (matrix[row][column]) doc.rect(qrLeft + (column + 4) * cell, qrTop + (row + 4) * cell, cell, cell);
    }
  }
  doc.fillColor("#000000").fill();

  doc.font("Helvetica-Bold").fontSize(14).fillColor("#111111").text("Your return", left, boxTop + boxHeight + 30, { width });
  doc.moveDown(0.4).font("Helvetica").fontSize(11);
  doc.text(`Order number: ${label.orderId}`, { width });
  doc.text(`Item: ${label.item}`, { width });
  doc.text(`Voucher code: ${label.voucherCode}`, { width });
  doc.text(`Reason: ${label.reason}`, { width });
  doc.text(`Return started: ${dateFormat.format(label.createdAt)}`, { width });
  doc.moveDown(1).font("Helvetica-Bold").text("What to do next", { width });
  doc.moveDown(0.3).font("Helvetica");
  for (const step of [
    "1. Pack the item securely, in its original packaging if you still have it.",
    "2. Cut out the label above and stick it on the parcel.",
    "3. Post it and keep your proof of postage. Then press \"I've posted it\" in My Returns.",
    "4. Once the merchant has received it, we aim to refund you within 5 days.",
  ]) {
    doc.text(step, { width });
  }
  return finish();
}
