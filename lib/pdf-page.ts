import PDFDocument from "pdfkit";

/**
 * An A4 page with the shop's letterhead (the brand's name and a subtitle), collected into a
 * Buffer: `finish()` ends the document and resolves with its bytes. `compress: false` keeps the
 * text readable for tests.
 */
export function brandedPdfPage(page: { brandName: string; title: string; subject: string; subtitle: string }, options: { compress?: boolean } = {}) {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: options.compress ?? true,
    info: { Title: page.title, Author: page.brandName, Subject: page.subject },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font("Helvetica-Bold").fontSize(24).fillColor("#111111").text(page.brandName, left, 56);
  doc.moveDown(0.2).font("Helvetica").fontSize(12).fillColor("#555555").text(page.subtitle);
  const finish = (): Promise<Buffer> => {
    doc.end();
    return done;
  };
  return { doc, left, width, finish };
}
