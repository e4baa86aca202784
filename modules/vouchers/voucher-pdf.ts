import { brandedPdfPage } from "../../lib/pdf-page";
import qrcode from "qrcode-generator";
import { voucherError } from "./errors";
import type { VoucherSummary } from "./list-vouchers";

/** The QR code's modules (true = dark), with error correction to survive a creased print-out. */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => qr.isDark(row, column)));
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

export interface PrintableVoucher extends Pick<VoucherSummary, "code" | "orderId" | "dealTitle" | "productName" | "merchantName" | "status" | "expiresAt"> {
  brandName: string;
  customerName: string;
  /** A travel voucher's stay (dates, nights, guests, flights, passengers), one line each. */
  stayLines?: readonly string[];
}

/**
 * A printable voucher: deal, option, merchant, the code in large type and as a QR code, status and
 * expiry. Refused (VOUCHER_NOT_READY) while the code is still hidden; a drawing failure is the
 * spec's 'An error occurred while generating your voucher'.
 */
export async function renderVoucherPdf(voucher: PrintableVoucher, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { code } = voucher;
  if (code === null) throw voucherError("VOUCHER_NOT_READY");
  try {
    return await drawVoucherPdf({ ...voucher, code }, options);
  } catch {
    throw voucherError("VOUCHER_PDF_FAILED");
  }
}

/** Drawn with the PDF standard fonts and vector squares, so no font or image files are needed. */
function drawVoucherPdf(voucher: PrintableVoucher & { code: string }, options: { compress?: boolean }): Promise<Buffer> {
  const { doc, left, width, finish } = brandedPdfPage({ brandName: voucher.brandName, title: `${voucher.brandName} voucher ${voucher.code}`, subject: voucher.dealTitle, subtitle: "Your voucher" }, options);
  doc.moveTo(left, 120).lineTo(left + width, 120).strokeColor("#dddddd").stroke();

  const qrSize = 150;
  const textWidth = width - qrSize - 24;
  doc.font("Helvetica-Bold").fontSize(16).fillColor("#111111").text(voucher.dealTitle, left, 140, { width: textWidth });
  doc.moveDown(0.4).font("Helvetica").fontSize(12).text(voucher.productName, { width: textWidth });
  doc.moveDown(0.4).fillColor("#555555").text(`Merchant: ${voucher.merchantName}`, { width: textWidth });
  doc.moveDown(1).fillColor("#111111").fontSize(11).text("Voucher code", { width: textWidth });
  doc.font("Courier-Bold").fontSize(26).text(voucher.code, { width: textWidth });
  doc.moveDown(0.6).font("Helvetica").fontSize(11);
  doc.text(`Status: ${voucher.status}`, { width: textWidth });
  doc.text(`Valid until: ${dateFormat.format(voucher.expiresAt)}`, { width: textWidth });
  doc.text(`Order number: ${voucher.orderId}`, { width: textWidth });
  doc.text(`Name: ${voucher.customerName}`, { width: textWidth });
  if (voucher.stayLines && voucher.stayLines.length > 0) {
    doc.moveDown(0.6).font("Helvetica-Bold").text("Your stay", { width: textWidth }).font("Helvetica");
    for (const line of voucher.stayLines) doc.text(line, { width: textWidth });
  }

  const matrix = qrMatrix(voucher.code);
  const cell = qrSize / (matrix.length + 8);
  const qrLeft = left + width - qrSize;
  const qrTop = 140;
  for (let row = 0; row < matrix.length; row++) {
    for (let column = 0; column < matrix.length; column++) {
      if (matrix[row][column]) doc.rect(qrLeft + (column + 4) * cell, qrTop + (row + 4) * cell, cell, cell);
    }
  }
  doc.fillColor("#000000").fill();

  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555555")
    .text(
      "Show this voucher (printed or on your phone) to the merchant when you redeem it. Each code can be redeemed once. " +
        "Unredeemed vouchers are covered by our 14-day no-quibble refund guarantee.",
      left,
      doc.page.height - 120,
      { width },
    );
  return finish();
}
