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

/**
 * The school's logo in a `size` square at (x, y): its uploaded picture, fitted and centred, or,
 * without one, a monogram (its initial in a ring).
 */
export function drawLogo(
  doc: Pdf,
  school: { name: string; logo: Buffer | null },
  at: { x: number; y: number; size: number },
  color = '#1a4d8f',
) {
  const { x, y, size } = at;
  const [cursorX, cursorY] = [doc.x, doc.y];
  if (school.logo) doc.image(school.logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
  else {
    doc
      .circle(x + size / 2, y + size / 2, size / 2 - 1)
      .lineWidth(1.2)
      .strokeColor(color)
      .stroke();
    doc
      .font('bold')
      .fontSize(size * 0.45)
      .fillColor(color)
      .text(school.name.slice(0, 1).toUpperCase(), x, y + size * 0.22, { width: size, align: 'center' });
    doc.strokeColor('black').fillColor('black').font('regular');
  }
  [doc.x, doc.y] = [cursorX, cursorY];
}

/**
 * An A5 print's letterhead (receipts, certificates): the logo on the left, the school's name and
 * address centred beside it. Leaves the cursor at the left margin, below both.
 */
export function drawLetterhead(
  doc: Pdf,
  school: { name: string; address: string; logo: Buffer | null },
  at: { left: number; width: number },
) {
  const { left, width } = at;
  const top = doc.y;
  const logo = 40;
  drawLogo(doc, school, { x: left, y: top, size: logo });
  const textX = left + logo + 6;
  const textWidth = width - 2 * (logo + 6);
  doc.font('bold').fontSize(15).text(school.name, textX, top, { width: textWidth, align: 'center' });
  if (school.address)
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor('#444')
      .text(school.address, textX, doc.y, { width: textWidth, align: 'center' });
  doc.fillColor('black');
  doc.x = left;
  doc.y = Math.max(doc.y, top + logo);
}
