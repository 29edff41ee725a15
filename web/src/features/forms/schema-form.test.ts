import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { paiseOfRupees, rupeesOfPaise } from './money-text';
import { placeFailure } from './schema-form';

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

describe('money boxes: paise kept, rupees shown', () => {
  it('reads rupees with up to two decimals as paise', () => {
    expect([paiseOfRupees('1250'), paiseOfRupees(' 1250.5 '), paiseOfRupees('0.07')]).toEqual([
      125000, 125050, 7,
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
