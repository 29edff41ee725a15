import { VISITOR_MESSAGES, visitorInputSchema } from '@schooliko/common/reception/visitors';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorText } from './messages';
import { paiseOfRupees, rupeesOfPaise } from './money-text';
import { issueErrors, movedErrors, placeFailure, schemaResolver } from './schema-form';

let en: TFunction;
let hi: TFunction;
beforeAll(async () => {
  // The modules' message places register with the module list, as when the signed-in app loads.
  await import('../../modules');
  const files = import.meta.glob<Record<string, unknown>>('../../locales/*/reception.json', {
    eager: true,
    import: 'default',
  });
  const bundle = (lang: string) => ({
    translation: { reception: files[`../../locales/${lang}/reception.json`] },
  });
  const make = async (lang: string) => {
    const i = i18next.createInstance();
    await i.init({ lng: lang, resources: { [lang]: bundle(lang) } });
    return i.t;
  };
  en = await make('en');
  hi = await make('hi');
});

const refusal = {
  message: 'Invalid input',
  coded: undefined,
  errors: {
    phone: "Enter the visitor's 10-digit mobile number",
    student_id: 'Student not found',
  },
  codes: { phone: { code: 'reception.phoneInvalid' } },
};

describe('placeFailure: the server refusal sorted onto the form', () => {
  it('puts a known field on its field and the rest, after the message, in the alert', () => {
    expect(placeFailure(en, refusal, (name) => name === 'phone')).toEqual({
      fields: { phone: "Enter the visitor's 10-digit mobile number" },
      alert: 'Invalid input Student not found',
    });
  });

  it('translates each field text by its code', () => {
    const placed = placeFailure(hi, refusal, (name) => name === 'phone');
    expect(placed.fields.phone).not.toBe("Enter the visitor's 10-digit mobile number");
    expect(placed.fields.phone).toBe(hi('reception.messages.reception.phoneInvalid'));
  });

  it('does not repeat in the alert a message that is a placed field error', () => {
    const said = {
      ...refusal,
      message: "Enter the visitor's 10-digit mobile number",
      errors: { phone: refusal.errors.phone },
    };
    expect(placeFailure(en, said, () => true).alert).toBeNull();
    expect(placeFailure(en, said, () => false).alert).toBe("Enter the visitor's 10-digit mobile number");
  });

  it('has no alert when every error has its field and no message came', () => {
    expect(placeFailure(en, { message: null, errors: { phone: 'x' }, codes: {} }, () => true)).toEqual({
      fields: { phone: 'x' },
      alert: null,
    });
  });
});

describe("the form's own check: each field's error keeps its code, shown in the reader's language", () => {
  const options = { fields: {}, shouldUseNativeValidation: false };
  const typed = { name: 'Asha Rao', phone: '98765', purpose: '  ' };
  const check = (values: object) => schemaResolver(visitorInputSchema)(values as never, undefined, options);

  it('shows one of our texts in Hindi to a Hindi reader, in English to an English one', async () => {
    const { errors } = await check(typed);
    expect(errors.purpose).toMatchObject({
      message: VISITOR_MESSAGES.purposeRequired.text,
      coded: { code: 'reception.purposeRequired' },
    });
    expect(fieldErrorText(hi, errors.purpose)).toBe(hi('reception.messages.reception.purposeRequired'));
    expect(fieldErrorText(hi, errors.purpose)).not.toBe(VISITOR_MESSAGES.purposeRequired.text);
    expect(fieldErrorText(hi, errors.phone)).toBe(hi('reception.messages.reception.phoneInvalid'));
    expect(fieldErrorText(en, errors.purpose)).toBe('Please enter the purpose of the visit');
  });

  it('passes the checked body on when nothing is wrong', async () => {
    const fine = await check({ ...typed, phone: '9876543210', purpose: 'Meeting' });
    expect(fine.errors).toEqual({});
    expect(fine.values).toMatchObject({ phone: '9876543210', purpose: 'Meeting', persons: 1 });
  });

  it('translates by the code the issue carries, never by its English text', () => {
    const issue = (message: string, coded?: object) =>
      ({ code: 'custom', path: ['phone'], message, input: '', ...(coded && { coded }) }) as z.core.$ZodIssue;
    const byCode = issueErrors([issue('Not the English of the code', VISITOR_MESSAGES.phoneInvalid.coded)]);
    expect(fieldErrorText(hi, byCode.phone)).toBe(hi('reception.messages.reception.phoneInvalid'));
    // Our English text on an issue without its code is shown as it came (no lookup by text).
    const uncoded = issueErrors([issue(VISITOR_MESSAGES.phoneInvalid.text)]);
    expect(fieldErrorText(hi, uncoded.phone)).toBe(VISITOR_MESSAGES.phoneInvalid.text);
  });

  it("keeps a field's first error and reads a union's closest branch", () => {
    const errors = issueErrors([
      { code: 'custom', path: ['a'], message: 'first', input: '' },
      { code: 'custom', path: ['a'], message: 'second', input: '' },
      {
        code: 'invalid_union',
        path: ['b'],
        message: 'union',
        input: '',
        errors: [
          [
            { code: 'custom', path: ['x'], message: 'far', input: '' },
            { code: 'custom', path: ['y'], message: 'far too', input: '' },
          ],
          [{ code: 'custom', path: ['x'], message: 'near', input: '' }],
        ],
      },
    ] as z.core.$ZodIssue[]);
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.message]))).toEqual({
      a: 'first',
      'b.x': 'near',
    });
  });
});

describe('money boxes: paise kept, rupees shown', () => {
  it('reads rupees with up to two decimals as paise', () => {
    expect([paiseOfRupees('1250'), paiseOfRupees(' 1250.5 '), paiseOfRupees('0.07')]).toEqual([
      125000, 125050, 7,
    ]);
  });
  it('reads rupees as people write them: a ₹ sign and Indian grouping', () => {
    expect([paiseOfRupees('₹12,500'), paiseOfRupees('1,25,000.50'), paiseOfRupees('7,000')]).toEqual([
      1250000, 12500050, 700000,
    ]);
  });
  it('is null when empty and NaN when not rupees', () => {
    expect(paiseOfRupees('  ')).toBeNull();
    expect([paiseOfRupees('12.345'), paiseOfRupees('-5'), paiseOfRupees('ten')]).toEqual([
      Number.NaN,
      Number.NaN,
      Number.NaN,
    ]);
  });
  it('shows paise as rupees, nothing for none', () => {
    expect([rupeesOfPaise(125050), rupeesOfPaise(0), rupeesOfPaise(null), rupeesOfPaise(Number.NaN)]).toEqual(
      ['1250.5', '0', '', ''],
    );
  });
});

describe('movedErrors: a schema path shown beside another field', () => {
  const errors = {
    name: { type: 'too_small', message: 'Please enter a name' },
    lines: {
      type: 'custom',
      message: 'Add an amount',
      1: { amounts_paise: { 0: { type: 'custom', message: 'Enter an amount' } } },
    },
  };
  const heads = ['tuition', 'bus'];
  const fieldOf = (path: string) =>
    path.replace(/^lines\.(\d+)\.amounts_paise\.(\d+)$/, (_all, n, i) => `amounts.${heads[Number(n)]}.${i}`);

  it('moves each error to its field and keeps the others where they were', () => {
    expect(movedErrors(errors as never, fieldOf)).toEqual({
      name: { type: 'too_small', message: 'Please enter a name', ref: undefined },
      lines: { type: 'custom', message: 'Add an amount', ref: undefined },
      amounts: { bus: [{ type: 'custom', message: 'Enter an amount', ref: undefined }] },
    });
  });

  it('keeps the first error when two paths land on one field', () => {
    const both = { a: { type: 'x', message: 'first' }, b: { type: 'y', message: 'second' } };
    expect(movedErrors(both as never, () => 'box')).toEqual({
      box: { type: 'x', message: 'first', ref: undefined },
    });
  });
});
