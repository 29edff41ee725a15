import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 'GRP-' and six upper-case letters or digits (36^6, about two billion codes). */
export function newGroupCode(): string {
  let code = 'GRP-';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const GROUP_CODE_PATTERN = /^GRP-[A-Z0-9]{6}$/;
