import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineMessages, issueCoded } from './messages';

/**
 * A text's code travels with it (a Message), never looked up by its English: two modules may
 * say the same sentence, and each answers with its own code, whichever catalogue loaded first.
 */
describe('the same sentence in two namespaces', () => {
  const sentence = 'A sentence two test modules share';
  const FIRST = defineMessages('firstTest', { shared: sentence });
  const SECOND = defineMessages('secondTest', { again: sentence });

  it('keeps each its own code', () => {
    expect(FIRST.shared.text).toBe(SECOND.again.text);
    expect(FIRST.shared.coded).toEqual({ code: 'firstTest.shared' });
    expect(SECOND.again.coded).toEqual({ code: 'secondTest.again' });
  });

  it('answers each schema check with the code of the catalogue it was declared with', () => {
    const issuesOf = (schema: z.ZodType) =>
      (schema.safeParse('').error?.issues ?? []).map((i) => [i.message, issueCoded(i)?.code]);
    expect(issuesOf(z.string().min(1, FIRST.shared))).toEqual([[sentence, 'firstTest.shared']]);
    expect(issuesOf(z.string().min(1, SECOND.again))).toEqual([[sentence, 'secondTest.again']]);
  });
});
