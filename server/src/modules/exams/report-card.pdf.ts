import type { AttendanceFigures } from '@schooliko/common/academics/attendance';
import type { ExamResult } from '@schooliko/common/academics/exams';
import type { GradeBand } from '@schooliko/common/academics/grading';
import type { School } from '../../kit/letterhead';
import { drawLogo, newPdf, type Pdf, pdfBytes } from '../../kit/pdf';

/** Everything one pupil's report card prints (report-card.service.ts gathers it). */
export type ReportCard = {
  school: School;
  yearName: string;
  termName: string;
  student: { name: string; admissionNo: string; classLabel: string; rollNo: string; guardian: string };
  /** The term's published exams, oldest first. */
  exams: ExamResult[];
  overall: { total: number; maxTotal: number; percentage: number; grade: string };
  coScholastic: { subject: string; grade: string }[];
  /** The term's days present, days marked and percentage (the attendance module's figures); null: none marked. */
  attendance: AttendanceFigures | null;
  remark: string;
  scale: readonly GradeBand[];
};

const GREY = '#555555';
const LIGHT = '#eeeeee';
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function header(doc: Pdf, card: ReportCard, left: number, width: number) {
  const top = doc.page.margins.top;
  // The institute's logo beside its name (its monogram when it has none).
  drawLogo(doc, card.school, { x: left + 2, y: top + 2, size: 40 });
  doc
    .font('bold')
    .fillColor('black')
    .fontSize(16)
    .text(card.school.name, left + 50, top + 2, { width: width - 100, align: 'center' });
  if (card.school.address)
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(card.school.address, left + 50, doc.y, { width: width - 100, align: 'center' });
  doc
    .fillColor('black')
    .font('bold')
    .fontSize(12)
    .text(`REPORT CARD · ${card.termName} · Session ${card.yearName}`, left, Math.max(doc.y + 6, top + 48), {
      width,
      align: 'center',
    });
  const y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  return y + 8;
}

function details(doc: Pdf, card: ReportCard, left: number, width: number, top: number) {
  const pair = (label: string, value: string, x: number, y: number, w: number) => {
    doc.font('regular').fontSize(8).fillColor(GREY).text(label, x, y);
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor('black')
      .text(value || '—', x, y + 10, { width: w, lineBreak: false, ellipsis: true });
  };
  const half = width / 2;
  const third = width / 3;
  pair("Pupil's name", card.student.name, left, top, half - 8);
  pair('Admission no.', card.student.admissionNo, left + half, top, third - 8);
  pair('Roll no.', card.student.rollNo, left + half + third, top, width - half - third);
  pair('Class and section', card.student.classLabel, left, top + 30, half - 8);
  pair('Parent / guardian', card.student.guardian, left + half, top + 30, half);
  return top + 64;
}

/** The scholastic table: a row per subject, a column pair (marks / max, grade) per exam of the term. */
function scholastic(doc: Pdf, card: ReportCard, left: number, width: number, top: number) {
  const subjectNames = [
    ...new Set(
      card.exams.flatMap((e) =>
        e.lines.filter((l) => l.subject_type !== 'co_scholastic').map((l) => l.subject_name),
      ),
    ),
  ];
  const subjectW = 150;
  const n = Math.max(1, card.exams.length);
  const examW = (width - subjectW) / n;
  const marksW = examW * 0.62;
  doc.font('bold').fontSize(10.5).text('Part A: Scholastic areas', left, top);
  let y = top + 16;
  doc.rect(left, y, width, 30).fill(LIGHT).fillColor('black');
  doc
    .font('bold')
    .fontSize(9)
    .text('Subject', left + 6, y + 10);
  card.exams.forEach((e, k) => {
    const x = left + subjectW + k * examW;
    doc.text(e.exam_name, x, y + 3, { width: examW, align: 'center', lineBreak: false, ellipsis: true });
    doc
      .font('regular')
      .fontSize(8)
      .text('Marks', x, y + 17, { width: marksW, align: 'center' });
    doc.text('Grade', x + marksW, y + 17, { width: examW - marksW, align: 'center' });
    doc.font('bold').fontSize(9);
  });
  y += 30;
  const row = (label: string, cells: { marks: string; grade: string }[], bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9.5);
    doc.text(label, left + 6, y + 4, { width: subjectW - 8, lineBreak: false, ellipsis: true });
    cells.forEach((c, k) => {
      const x = left + subjectW + k * examW;
      doc.text(c.marks, x, y + 4, { width: marksW, align: 'center' });
      doc.text(c.grade, x + marksW, y + 4, { width: examW - marksW, align: 'center' });
    });
    y += 18;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
  };
  for (const name of subjectNames)
    row(
      name,
      card.exams.map((e) => {
        const l = e.lines.find((x) => x.subject_name === name);
        if (!l) return { marks: '—', grade: '' };
        if (l.status === 'absent') return { marks: `AB / ${l.max_marks}`, grade: 'AB' };
        if (l.status === 'exempt') return { marks: 'Exempt', grade: 'EX' };
        return { marks: l.marks === null ? '—' : `${fmt(l.marks)} / ${l.max_marks}`, grade: l.grade };
      }),
    );
  row(
    'Total',
    card.exams.map((e) => ({ marks: `${fmt(e.total)} / ${e.max_total}`, grade: e.grade })),
    true,
  );
  row(
    'Percentage',
    card.exams.map((e) => ({ marks: `${e.percentage.toFixed(2)} %`, grade: '' })),
    true,
  );
  doc
    .rect(left, top + 16, width, y - top - 16)
    .lineWidth(0.6)
    .strokeColor('black')
    .stroke();
  y += 8;
  doc
    .font('bold')
    .fontSize(10.5)
    .text(
      `Overall: ${fmt(card.overall.total)} / ${card.overall.maxTotal}   ·   ${card.overall.percentage.toFixed(2)} %   ·   Grade ${card.overall.grade || '—'}`,
      left,
      y,
      { width, align: 'center' },
    );
  return doc.y + 10;
}

function coScholastic(doc: Pdf, card: ReportCard, left: number, width: number, top: number) {
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor('black')
    .text('Part B: Co-scholastic areas (3-point scale)', left, top);
  let y = top + 16;
  const w = width / 2;
  doc.rect(left, y, w, 18).fill(LIGHT).fillColor('black');
  doc
    .font('bold')
    .fontSize(9)
    .text('Area', left + 6, y + 4);
  doc.text('Grade', left + w - 60, y + 4, { width: 54, align: 'center' });
  y += 18;
  const list =
    card.coScholastic.length > 0 ? card.coScholastic : [{ subject: 'Not graded this term', grade: '' }];
  for (const c of list) {
    doc
      .font('regular')
      .fontSize(9.5)
      .text(c.subject, left + 6, y + 4, { width: w - 70 });
    doc.text(c.grade, left + w - 60, y + 4, { width: 54, align: 'center' });
    y += 18;
  }
  doc
    .rect(left, top + 16, w, y - top - 16)
    .lineWidth(0.6)
    .stroke();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text('A: Outstanding   B: Very good   C: Fair', left + w + 16, top + 20, { width: w - 16 });
  return Math.max(y, doc.y) + 12;
}

function footer(doc: Pdf, card: ReportCard, left: number, width: number, top: number) {
  const a = card.attendance;
  const attendance = a
    ? `Present ${fmt(a.present)} of ${a.marked} days marked${a.percent === null ? '' : ` (${a.percent.toFixed(1)} %)`}`
    : 'Not recorded for this term';
  doc.fillColor('black').font('bold').fontSize(9.5).text('Attendance: ', left, top, { continued: true });
  doc.font('regular').text(attendance);
  doc.moveDown(0.5).font('bold').text("Class teacher's remark: ", { continued: true });
  doc.font('regular').text(card.remark || '—', { width });
  doc.moveDown(0.6);
  const key = card.scale.map((b) => `${b.grade} ${b.min}–${b.max}`).join('   ');
  doc
    .fontSize(7.5)
    .fillColor(GREY)
    .text(`Grading scale (marks %, rounded half up): ${key}`, left, doc.y, { width });
  const y = doc.page.height - doc.page.margins.bottom - 40;
  const w = width / 3;
  ['Class teacher', 'Principal', 'Parent / guardian'].forEach((label, k) => {
    const x = left + k * w;
    doc
      .moveTo(x + 12, y)
      .lineTo(x + w - 12, y)
      .lineWidth(0.5)
      .strokeColor('black')
      .stroke();
    doc
      .fillColor('black')
      .fontSize(9)
      .text(label, x, y + 4, { width: w, align: 'center' });
  });
  doc
    .fontSize(7)
    .fillColor(GREY)
    .text('This is a computer-generated report card.', left, y + 24, {
      width,
      align: 'center',
      lineBreak: false,
    });
}

/** Draws one pupil's report card on the current page. */
export function drawReportCard(doc: Pdf, card: ReportCard) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = header(doc, card, left, width);
  y = details(doc, card, left, width, y);
  y = scholastic(doc, card, left, width, y);
  y = coScholastic(doc, card, left, width, y);
  footer(doc, card, left, width, y);
}

/** One A4 page per pupil. */
export function renderReportCards(cards: ReportCard[], title: string): Promise<Buffer> {
  const doc = newPdf({ size: 'A4', margin: 36, title });
  cards.forEach((card, n) => {
    if (n > 0) doc.addPage();
    drawReportCard(doc, card);
  });
  return pdfBytes(doc);
}
