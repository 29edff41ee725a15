import i18next, { type TFunction } from 'i18next';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/lists.json', {
  eager: true,
  import: 'default',
});

/** An i18next with the lists' strings (locales/<lang>/lists.json, the date field's too) of one language, for tests. */
export async function listsT(lang: string): Promise<TFunction> {
  const i = i18next.createInstance();
  await i.init({
    lng: lang,
    interpolation: { escapeValue: false }, // as the app (app/i18n.ts)
    resources: { [lang]: { translation: { lists: files[`../../locales/${lang}/lists.json`] } } },
  });
  return i.t;
}
