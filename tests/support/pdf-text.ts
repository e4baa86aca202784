/**
 * The text lines of an uncompressed PDF: a standard font's text sits in the content stream as
 * hex-encoded pieces between kerning adjustments, `[<4d6572> 50 <6368> 0] TJ`.
 */
export function pdfTextLines(raw: string): string[] {
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)].map(([, pieces]) =>
    [...pieces.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex, "hex").toString("latin1")).join(""),
  );
}
