import { CLASS_NAMES } from '@schooliko/common/people/classes';
import type { Db } from '../client';

// The demo school's raw material: a seeded random generator, and the lists and helpers it draws on.
/** A small deterministic generator, so every fresh start seeds the same school. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { next, pick, int, digits, chance: (p: number) => next() < p };
}

export const SECTION_LETTERS = ['A', 'B', 'C', 'D'];
export const SUBJECTS = [
  'Mathematics',
  'English',
  'Science',
  'Marathi',
  'Hindi',
  'Social Studies',
  'Computer Science',
  'Physical Education',
  'Art',
  'Music',
];
export const NON_TEACHING: readonly [designation: string, department: string][] = [
  ['Office Superintendent', 'Administration'],
  ['Accountant', 'Accounts'],
  ['Accounts Assistant', 'Accounts'],
  ['Receptionist', 'Front Office'],
  ['Librarian', 'Library'],
  ['Lab Assistant', 'Science'],
  ['Clerk', 'Administration'],
  ['School Nurse', 'Health'],
  ['Counsellor', 'Student Welfare'],
  ['Transport Supervisor', 'Transport'],
  ['Driver', 'Transport'],
  ['Driver', 'Transport'],
  ['Peon', 'Administration'],
  ['Security Guard', 'Security'],
  ['IT Administrator', 'Administration'],
];
export const HOUSES = ['Tagore', 'Raman', 'Shivaji', 'Kalam'];

/** A family as the generator goes: its name, its parents (indexes of guardian rows) and home. */
export type Family = {
  surname: string;
  religion: string;
  tongue: string;
  father: number;
  mother: number;
  family: number | null;
  locality: readonly [string, string];
  building: string;
};

/** Age on 1 June of the session for each class (Nursery 3, I 6, XII 17). */
export const ageFor = (className: string) =>
  3 + CLASS_NAMES.indexOf(className as (typeof CLASS_NAMES)[number]);

export function phone(r: ReturnType<typeof random>) {
  return `${r.pick(['98', '97', '96', '94', '90', '88', '86', '77', '70'])}${r.digits(8)}`;
}

export async function insertAll<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(table).values(rows.slice(i, i + 500) as never);
}
