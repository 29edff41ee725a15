import type { Visitor } from '@schooliko/common/reception/visitors';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { newPdf, type Pdf, pdfBytes } from '../../kit/pdf';
import { readStored } from '../../platform/uploads/private-files';
import type { Storage } from '../../platform/uploads/storage';
import type { School } from '../fees/receipt.pdf';

/** dd-mm-yyyy hh:mm in India. */
export const indianTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  })
    .format(new Date(iso))
    .replace(/\//g, '-');

/** The QR code of `text` drawn as vector squares (sharp at any print size). */
function drawQr(doc: Pdf, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 2);
  doc.save().fillColor('#000000');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) doc.rect(x + (c + 1) * cell, y + (r + 1) * cell, cell, cell);
  doc.fill().restore();
}

/** The visitor's photo (its stored key) as JPEG bytes (pdfkit draws JPEG and PNG), or null when there is none. */
export async function photoJpeg(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const bytes = await readStored(storage, key);
    return bytes
      ? await sharp(bytes).resize(300, 360, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
      : null;
  } catch {
    return null;
  }
}

const ID_NAMES: Record<Visitor['id_proof_type'], string> = {
  aadhaar: 'Aadhaar',
  'driving-licence': 'Driving licence',
  'voter-id': 'Voter ID',
  pan: 'PAN',
  passport: 'Passport',
  other: 'ID',
  none: '',
};

/**
 * A visitor pass on an A6 page (MODULES.md section 2, "Prints"): the school, the pass number,
 * the photo, who and whom to meet, the time in and the QR code the desk scans at check-out.
 */
export async function visitorPassPdf(school: School, v: Visitor, token: string, photo: Buffer | null) {
  const doc = newPdf({ size: 'A6', margin: 18, title: `Visitor pass ${v.pass_label}` });
  const W = doc.page.width;
  const left = 18;
  const width = W - 36;
  doc.font('bold').fontSize(12).text(school.name, left, 16, { width, align: 'center' });
  if (school.address)
    doc.font('regular').fontSize(7.5).text(school.address, left, doc.y, { width, align: 'center' });
  doc.moveDown(0.3);
  const band = doc.y + 2;
  doc.rect(left, band, width, 20).fill('#1565c0');
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(11)
    .text('VISITOR PASS', left, band + 4, { width, align: 'center' });
  doc.fillColor('#000000');
  doc
    .font('bold')
    .fontSize(12)
    .text(`Pass no. ${v.pass_label}`, left, band + 25, { width, align: 'center' });
  const top = band + 46;
  const photoW = 78;
  const photoH = 94;
  if (photo) doc.image(photo, left, top, { width: photoW, height: photoH });
  else {
    doc.rect(left, top, photoW, photoH).lineWidth(0.5).stroke('#9e9e9e');
    doc
      .fontSize(7)
      .fillColor('#757575')
      .text('No photo', left, top + photoH / 2 - 4, { width: photoW, align: 'center' });
    doc.fillColor('#000000');
  }
  const qrSize = 96;
  drawQr(doc, token, left + width - qrSize, top - 4, qrSize);
  const midX = left + photoW + 6;
  const midW = width - photoW - qrSize - 6;
  doc.font('bold').fontSize(8).text('Time in', midX, top, { width: midW });
  doc.font('regular').fontSize(8.5).text(indianTime(v.checked_in_at), midX, doc.y, { width: midW });
  let y = top + photoH + 10;
  const line = (label: string, value: string) => {
    if (!value) return;
    doc.font('bold').fontSize(8.5).text(label, left, y, { width: 88 });
    doc
      .font('regular')
      .fontSize(9)
      .text(value, left + 90, y, { width: width - 90 });
    y = Math.max(doc.y, y + 13) + 2;
  };
  line('Name', v.name);
  line('Mobile', v.phone);
  line('Purpose', v.purpose);
  line('To meet', v.host_name ?? '');
  line('Student', v.student_name ? `${v.student_name}${v.relation ? ` (${v.relation})` : ''}` : '');
  line('Persons', String(v.persons));
  if (v.id_proof_type !== 'none') line('ID proof', `${ID_NAMES[v.id_proof_type]} ×××× ${v.id_proof_last4}`);
  line('Valid for', `${Math.round(v.expected_minutes / 6) / 10} h`);
  doc
    .font('regular')
    .fontSize(7)
    .fillColor('#616161')
    .text(
      'Wear this pass inside the campus and return it at the gate. Scan the QR code to check out.',
      left,
      doc.page.height - 40,
      {
        width,
        align: 'center',
      },
    );
  return pdfBytes(doc);
}

/** The daily visitor register on A4 landscape: one line a visit, with times in and out. */
export async function visitorRegisterPdf(school: School, date: string, items: Visitor[]) {
  const doc = newPdf({ size: 'A4', layout: 'landscape', margin: 30, title: `Visitor register ${date}` });
  const left = 30;
  const width = doc.page.width - 60;
  const head = () => {
    doc.font('bold').fontSize(13).text(school.name, left, 24, { width, align: 'center' });
    doc
      .fontSize(10.5)
      .text(`Visitor register — ${date.split('-').reverse().join('-')}`, { width, align: 'center' });
    doc.moveDown(0.5);
  };
  const cols = [
    { h: 'Pass no.', w: 95, v: (x: Visitor) => x.pass_label },
    { h: 'Name', w: 110, v: (x: Visitor) => x.name },
    { h: 'Mobile', w: 72, v: (x: Visitor) => x.phone },
    { h: 'Purpose', w: 130, v: (x: Visitor) => x.purpose },
    { h: 'To meet', w: 100, v: (x: Visitor) => x.host_name ?? '' },
    { h: 'Persons', w: 40, v: (x: Visitor) => String(x.persons) },
    { h: 'In', w: 75, v: (x: Visitor) => indianTime(x.checked_in_at).slice(11) },
    { h: 'Out', w: 75, v: (x: Visitor) => (x.checked_out_at ? indianTime(x.checked_out_at).slice(11) : '—') },
    { h: 'Note', w: 80, v: (x: Visitor) => (x.overstay ? 'Overstay' : '') },
  ];
  const row = (values: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
    cols.forEach((c, k) => {
      doc.text(values[k] ?? '', x + 2, y, { width: c.w - 4 });
      bottom = Math.max(bottom, doc.y);
      x += c.w;
    });
    doc
      .moveTo(left, bottom + 2)
      .lineTo(left + width, bottom + 2)
      .lineWidth(0.3)
      .stroke('#bdbdbd');
    doc.y = bottom + 5;
  };
  head();
  row(
    cols.map((c) => c.h),
    true,
  );
  for (const v of items) {
    if (doc.y > doc.page.height - 50) {
      doc.addPage();
      head();
      row(
        cols.map((c) => c.h),
        true,
      );
    }
    row(
      cols.map((c) => c.v(v)),
      false,
    );
  }
  if (items.length === 0)
    doc
      .font('regular')
      .fontSize(10)
      .text('No visitors on this day.', left, doc.y + 8);
  doc
    .font('regular')
    .fontSize(8)
    .text(`Total visits: ${items.length}`, left, doc.y + 10);
  return pdfBytes(doc);
}
