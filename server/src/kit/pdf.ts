import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Printed documents (receipts, ID cards, certificates, report cards): A4 or smaller pages drawn
 * with pdfkit in Noto Sans Devanagari, which carries Latin, the rupee sign and Devanagari.
 * pdfkit shapes text with fontkit, so Hindi and Marathi conjuncts (प्र, क्ष, श्री, द्ध) and
 * the pre-base i-matra come out joined (checked by rendering a page to PNG: fees/receipt.test.ts).
 */
const require = createRequire(import.meta.url);
const FONT_DIR = '@expo-google-fonts/noto-sans-devanagari';
export const FONTS = {
  regular: require.resolve(`${FONT_DIR}/400Regular/NotoSansDevanagari_400Regular.ttf`),
  bold: require.resolve(`${FONT_DIR}/700Bold/NotoSansDevanagari_700Bold.ttf`),
} as const;

export type Pdf = PDFKit.PDFDocument;

/** A new document with both faces registered as 'regular' and 'bold' (regular selected). */
export function newPdf(options: PDFKit.PDFDocumentOptions & { title: string }): Pdf {
  const { title, ...rest } = options;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    ...rest,
    info: { Title: title, Producer: 'Schooliko' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular');
  return doc;
}

/** The finished document as bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A large, light, diagonal word across the page ("DUPLICATE", "CANCELLED"). */
export function watermark(doc: Pdf, text: string, color = '#c62828') {
  const { width, height } = doc.page;
  const [x, y] = [doc.x, doc.y];
  doc.save();
  doc.rotate(-30, { origin: [width / 2, height / 2] });
  doc
    .font('bold')
    .fontSize(72)
    .fillColor(color)
    .fillOpacity(0.15)
    .text(text, 0, height / 2 - 40, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1).fillColor('black').font('regular');
  [doc.x, doc.y] = [x, y];
}
