import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';

/** The text of a one-page PDF, as a reader (and a screen reader) gets it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  expect(doc.numPages).toBe(1);
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

/** A run of text on a one-page PDF and its box, in points from the page's bottom left. */
export type PdfRun = { str: string; x: number; y: number; width: number; height: number };

/** The page's runs of text with their boxes (pdf.js), blank runs left out. */
export async function pdfRuns(bytes: Buffer): Promise<PdfRun[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.flatMap((i) =>
    'str' in i && i.str.trim()
      ? [{ str: i.str, x: i.transform[4], y: i.transform[5], width: i.width, height: i.height }]
      : [],
  );
}

/** Pairs of runs that print over each other (their boxes overlap by more than a hair). */
export function overprinted(runs: PdfRun[]): string[] {
  const found: string[] = [];
  for (const [n, a] of runs.entries())
    for (const b of runs.slice(n + 1)) {
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > 1 && down > 1) found.push(`"${a.str}" over "${b.str}"`);
    }
  return found;
}
