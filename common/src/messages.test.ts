import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeOfText, defineMessages, issueCoded, Message } from './messages';

const ALPHA = defineMessages('alphaTest', { own: 'A text only alpha has' });
const SIZED = defineMessages(
  'sizedTest',
  { sized: (max: number) => `At most ${max} test items`, bare: (n: number) => `${n} bare test items` },
  { sized: ['max'] },
);

describe('defineMessages', () => {
  it('makes each text a Message: its code first, its English text a property', () => {
    expect(ALPHA.own).toBeInstanceOf(Message);
    expect(ALPHA.own.code).toBe('alphaTest.own');
    expect(ALPHA.own.text).toBe('A text only alpha has');
    expect(ALPHA.own.coded).toEqual({ code: 'alphaTest.own' });
    expect(`${ALPHA.own}`).toBe('A text only alpha has');
    expect(JSON.stringify({ message: ALPHA.own })).toBe('{"message":"A text only alpha has"}');
  });

  it("gives a template's Message the values its params name", () => {
    const sized = SIZED.sized(3);
    expect(sized.text).toBe('At most 3 test items');
    expect(sized.coded).toEqual({ code: 'sizedTest.sized', params: { max: 3 } });
    expect(SIZED.bare(2).coded).toEqual({ code: 'sizedTest.bare' });
  });

  it('keeps an index of fixed texts for the web, and knows nothing of a text that is not ours', () => {
    expect(codeOfText('A text only alpha has')).toEqual({ code: 'alphaTest.own' });
    expect(codeOfText('At most 3 test items')).toBeUndefined();
    expect(codeOfText(null)).toBeUndefined();
  });
});

describe('a Message in a zod schema', () => {
  const schema = z
    .object({
      name: z.string(ALPHA.own).min(2, SIZED.sized(2)),
      from: z.number(),
      to: z.number(),
    })
    .refine((v) => v.to >= v.from, { error: ALPHA.own.error, path: ['to'] })
    .superRefine((v, ctx) => {
      if (v.from < 0) ctx.addIssue({ code: 'custom', path: ['from'], ...SIZED.bare(v.from).issue });
    });

  it('leaves its code on the issue next to its text, from a check, a schema, a refine and an issue added by hand', () => {
    const issues = schema.safeParse({ name: 'a', from: -1, to: -2 }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message, issueCoded(i)])).toEqual([
      ['name', 'At most 2 test items', { code: 'sizedTest.sized', params: { max: 2 } }],
      ['to', 'A text only alpha has', { code: 'alphaTest.own' }],
      ['from', '-1 bare test items', { code: 'sizedTest.bare' }],
    ]);
    const missing = schema.safeParse({ from: 1, to: 2 }).error?.issues ?? [];
    expect(missing.map((i) => [i.message, issueCoded(i)])).toEqual([
      ['A text only alpha has', { code: 'alphaTest.own' }],
    ]);
  });

  it('leaves no code on an issue whose text is zod’s own', () => {
    const [issue] = z.object({ n: z.number() }).safeParse({ n: 'x' }).error?.issues ?? [];
    expect(issueCoded(issue)).toBeUndefined();
  });
});
