import { GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_MESSAGES, GROUP_TYPE_LABELS } from '@schooliko/common/groups';
import { textsOf } from '@schooliko/common/messages';
import { describe, expect, it } from 'vitest';
import enDashboard from '../../locales/en/dashboard.json';
import en from '../../locales/en/groups.json';
import hiDashboard from '../../locales/hi/dashboard.json';
import hi from '../../locales/hi/groups.json';
import mrDashboard from '../../locales/mr/dashboard.json';
import mr from '../../locales/mr/groups.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`),
  );
}

describe('groups and dashboard strings', () => {
  it("English carries the spec's exact texts", () => {
    for (const [key, text] of Object.entries(textsOf(GROUP_MESSAGES))) {
      expect(en.messages[key as keyof typeof en.messages]).toBe(text);
    }
    for (const [key, text] of Object.entries(textsOf(GROUP_LOGO_MESSAGES))) {
      expect(en.logo[key as keyof typeof en.logo]).toBe(text);
    }
    expect(en.types).toEqual(GROUP_TYPE_LABELS);
    expect(en.join.joined.replace('{{group}}', 'X')).toBe(GROUP_MESSAGES.joined('X').text);
    expect(en.join.pendingBlocks.replace('{{group}}', 'X')).toBe(GROUP_MESSAGES.pendingBlocks('X').text);
    expect(en.logo.tooLarge.replace('{{max}}', '1').replace('{{size}}', '2.00MB')).toBe(
      GROUP_LOGO_MESSAGES.tooLarge(1, '2.00MB').text,
    );
  });

  it('Hindi and Marathi translate every key, and differ from English', () => {
    for (const [english, other] of [
      [en, hi],
      [en, mr],
      [enDashboard, hiDashboard],
      [enDashboard, mrDashboard],
    ] as [Tree, Tree][]) {
      expect(keys(other).sort()).toEqual(keys(english).sort());
    }
    expect(hi.messages.loadError).not.toBe(en.messages.loadError);
    expect(mr.messages.loadError).not.toBe(hi.messages.loadError);
  });
});
