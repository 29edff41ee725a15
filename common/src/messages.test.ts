import { describe, expect, it } from 'vitest';
import { codeOf, defineMessages } from './messages';

describe('codeOf', () => {
  const text = 'A text two test catalogues share';
  defineMessages('alphaTest', { shared: text, own: 'A text only alpha has' });
  defineMessages(
    'betaTest',
    { shared: text, sized: (max: number) => `At most ${max} test items` },
    { sized: ['max'] },
  );

  it('answers a shared text in the preferred namespace, else in the first that declared it', () => {
    expect(codeOf(text, 'betaTest')).toEqual({ code: 'betaTest.shared' });
    expect(codeOf(text, 'alphaTest')).toEqual({ code: 'alphaTest.shared' });
    expect(codeOf(text)).toEqual({ code: 'alphaTest.shared' });
    expect(codeOf(text, 'nobody')).toEqual({ code: 'alphaTest.shared' });
    expect(codeOf('A text only alpha has', 'betaTest')).toEqual({ code: 'alphaTest.own' });
  });

  it("keeps a template's values, and knows nothing of a text that is not ours", () => {
    defineMessages('gammaTest', { sized: (max: number) => `At most ${max} test items` }, { sized: ['max'] });
    expect(codeOf('At most 3 test items')).toBeUndefined();
    const beta = defineMessages(
      'betaTest',
      { sized: (max: number) => `At most ${max} test items` },
      { sized: ['max'] },
    );
    beta.sized(3);
    expect(codeOf('At most 3 test items', 'betaTest')).toEqual({
      code: 'betaTest.sized',
      params: { max: 3 },
    });
    expect(codeOf(null)).toBeUndefined();
  });
});
