import type { Register } from '@schooliko/common/academics/attendance';
import { MONTHS } from '@schooliko/common/fees/fees';
import type { FileColumn } from '../../kit/export';
import { newPdf, pdfBytes } from '../../kit/pdf';

const CLOSED: Record<string, string> = {
  weeklyOff: 'Off',
  saturdayOff: 'Off',
  holiday: 'Hol',
  outsideYear: '',
};
export const monthName = (month: string) =>
  `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The printed attendance register of a section's month, as schools keep it: pupils down, days
 * across (closed days shaded and named), the codes, each pupil's days present and percentage, and
 * each day's count present. A4 landscape up to 40 pupils, A3 landscape beyond (more pages after 80).
 */
export function renderRegister(school: string, r: Register): Promise<Buffer> {
  const large = r.students.length > 40;
  const doc = newPdf({
    size: large ? 'A3' : 'A4',
    layout: 'landscape',
    margin: 28,
    title: `Attendance register ${r.section_label} ${monthName(r.month)}`,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const nameW = large ? 170 : 130;
  const rollW = 24;
  const totalsW = [32, 32, 38];
  const dayW = (width - rollW - nameW - totalsW.reduce((a, b) => a + b, 0)) / r.days.length;
  const rowH = large ? 13 : 11.5;
  const size = large ? 8 : 7;
  const perPage = Math.floor((doc.page.height - 2 * doc.page.margins.top - 90) / rowH);

  const totalsAt = (x: number, y: number, values: string[]) => {
    let at = x;
    for (const [i, v] of values.entries()) {
      doc.text(v, at, y + 3, { width: totalsW[i], align: 'center' });
      at += totalsW[i] ?? 0;
    }
  };
  const header = () => {
    doc.font('bold').fontSize(13).text(school, left, doc.page.margins.top, { width, align: 'center' });
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `Attendance register · ${r.section_label} · ${monthName(r.month)}${r.class_teacher ? ` · Class teacher: ${r.class_teacher}` : ''}`,
        { width, align: 'center' },
      );
    doc
      .fontSize(7)
      .fillColor('#555')
      .text('P present · A absent · L late · H half-day · LV leave · % = (P + L + ½H) ÷ days marked', {
        width,
        align: 'center',
      })
      .fillColor('black');
    const y = doc.y + 6;
    doc.font('bold').fontSize(size);
    doc.text('Roll', left, y + 3, { width: rollW, align: 'center' });
    doc.text('Name', left + rollW + 3, y + 3, { width: nameW - 3 });
    r.days.forEach((d, i) => {
      const x = left + rollW + nameW + i * dayW;
      if (d.state !== 'working') doc.rect(x, y, dayW, rowH).fill('#e0e0e0').fillColor('black');
      doc.text(String(Number(d.date.slice(8))), x, y + 3, { width: dayW, align: 'center' });
    });
    const tx = left + rollW + nameW + r.days.length * dayW;
    totalsAt(tx, y, ['Pres.', 'Days', '%']);
    doc.font('regular');
    return y + rowH;
  };

  const line = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#999')
      .stroke();
  let y = header();
  line(y);
  r.students.forEach((s, n) => {
    if (n > 0 && n % perPage === 0) {
      doc.addPage();
      y = header();
      line(y);
    }
    doc.fontSize(size).fillColor('black');
    doc.text(s.roll_no, left, y + 3, { width: rollW, align: 'center' });
    doc.text(s.name, left + rollW + 3, y + 3, {
      width: nameW - 3,
      height: rowH,
      lineBreak: false,
      ellipsis: true,
    });
    r.days.forEach((d, i) => {
      const x = left + rollW + nameW + i * dayW;
      if (d.state !== 'working') {
        doc.rect(x, y, dayW, rowH).fill('#eeeeee').fillColor('black');
        if (n === 0)
          doc
            .fontSize(size - 1.5)
            .fillColor('#666')
            .text(CLOSED[d.state] ?? '', x, y + 3, { width: dayW, align: 'center' });
        doc.fontSize(size).fillColor('black');
        return;
      }
      const code = s.marks[i];
      if (code)
        doc
          .fillColor(code === 'A' ? '#c62828' : 'black')
          .text(code, x, y + 3, { width: dayW, align: 'center' });
      doc.fillColor('black');
    });
    const tx = left + rollW + nameW + r.days.length * dayW;
    totalsAt(tx, y, [fmt(s.present), String(s.marked), s.percent === null ? '–' : fmt(s.percent)]);
    y += rowH;
    line(y);
  });
  // Each day's count of pupils present.
  doc.font('bold').fontSize(size);
  doc.text('Present', left + rollW + 3, y + 3, { width: nameW - 3 });
  r.days.forEach((d, i) => {
    if (d.present === null) return;
    doc.text(fmt(d.present), left + rollW + nameW + i * dayW, y + 3, { width: dayW, align: 'center' });
  });
  const holidays = r.days.filter((d) => d.state === 'holiday');
  if (holidays.length)
    doc
      .font('regular')
      .fontSize(7.5)
      .text(
        `Holidays: ${holidays.map((d) => `${Number(d.date.slice(8))} ${d.holiday ?? ''}`).join(', ')}`,
        left,
        y + rowH + 8,
        { width },
      );
  doc
    .font('regular')
    .fontSize(8)
    .text('Class teacher: ____________________        Principal: ____________________', left, y + rowH + 26, {
      width,
      align: 'right',
    });
  return pdfBytes(doc);
}

type RegisterRow = Register['students'][number];

/** The register's columns for CSV / Excel: roll, name, one column per day, the totals. */
export function registerColumns(r: Register): FileColumn<RegisterRow>[] {
  return [
    { key: 'roll_no', header: 'Roll no.', value: (s) => s.roll_no },
    { key: 'name', header: 'Name', value: (s) => s.name },
    ...r.days.map((d, i) => ({
      key: d.date,
      header: d.date.slice(8),
      value: (s: RegisterRow) =>
        s.marks[i] ?? (d.state === 'working' ? '' : d.state === 'holiday' ? 'Hol' : 'Off'),
    })),
    { key: 'present', header: 'Present', value: (s) => s.present },
    { key: 'marked', header: 'Days marked', value: (s) => s.marked },
    { key: 'percent', header: 'Percent', value: (s) => s.percent },
  ];
}
