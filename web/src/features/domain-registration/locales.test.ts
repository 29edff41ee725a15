import { describe, expect, it } from 'vitest';
import en from '../../locales/en/domainRegistration.json';
import hi from '../../locales/hi/domainRegistration.json';
import mr from '../../locales/mr/domainRegistration.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('domainRegistration locales', () => {
  it('has the same keys in English, Hindi and Marathi, none empty', () => {
    const english = keys(en).sort();
    expect(keys(hi).sort()).toEqual(english);
    expect(keys(mr).sort()).toEqual(english);
    for (const tree of [hi, mr]) for (const key of english) expect(lookup(tree, key)?.trim()).not.toBe('');
  });
});
