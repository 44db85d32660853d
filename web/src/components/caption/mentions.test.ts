import type { Mention } from '@chorus/core';
import { describe, expect, it } from 'vitest';
import { insertMention, reconcileMentions } from './mentions.ts';

const contoso: Mention = { account_id: 'urn:li:organization:1', account_type: 'organization', index: 0, name: 'Contoso', mention_text: 'Contoso', screen_name: 'contoso' };
const fabrikam: Mention = { ...contoso, account_id: 'urn:li:organization:2', name: 'Fabrikam', mention_text: 'Fabrikam', screen_name: 'fabrikam' };

describe('insertMention', () => {
  it("replaces the typed '@query' with the name, records where, and adds a space", () => {
    expect(insertMention({ content: 'Thanks @cont', mentions: [] }, contoso, 7, 12)).toEqual({ content: 'Thanks Contoso ', mentions: [{ ...contoso, index: 7 }] });
  });

  it('shifts the mentions after it and keeps those before', () => {
    const caption = { content: 'Hi  and Fabrikam', mentions: [{ ...fabrikam, index: 8 }] };
    expect(insertMention(caption, contoso, 3)).toEqual({ content: 'Hi Contoso and Fabrikam', mentions: [{ ...contoso, index: 3 }, { ...fabrikam, index: 15 }] });
  });
});

describe('reconcileMentions', () => {
  it('keeps mentions on their text as text is typed before them', () => {
    expect(reconcileMentions('Big thanks to Contoso', [{ ...contoso, index: 10 }])).toEqual([{ ...contoso, index: 14 }]);
  });

  it('drops a mention whose text was edited away', () => {
    expect(reconcileMentions('Thanks to Contos', [{ ...contoso, index: 10 }])).toEqual([]);
  });

  it('keeps two mentions of the same name on different places', () => {
    const both = reconcileMentions('Contoso and Contoso', [{ ...contoso, index: 0 }, { ...contoso, index: 12 }]);
    expect(both.map((m) => m.index)).toEqual([0, 12]);
  });
});
