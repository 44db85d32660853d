import { describe, expect, it } from 'vitest';
import { ComplianceType } from '../domain/enums.ts';
import { compileTerms, countLimitedUses, isComplianceValid, type ComplianceMatch } from './matcher.ts';
import { normaliseTerm, normaliseText, unitsToString } from './normalise.ts';

/** The original text of each match, in order. */
function found(terms: { prohibited?: string[]; limited?: string[] }, text: string): string[] {
  const matcher = compileTerms({ prohibited: terms.prohibited ?? [], limited: terms.limited ?? [] });
  return matcher.find(text).map((m) => text.slice(m.start, m.end));
}

describe('whole words: not flanked by a letter, a digit or an accented letter', () => {
  it.each<[string, string, string[]]>([
    ['alone', 'guarantee', ['guarantee']],
    ['at the start', 'guarantee it', ['guarantee']],
    ['at the end', 'we guarantee', ['guarantee']],
    ['inside a longer word', 'guarantees', []],
    ['after a letter', 'unguarantee', []],
    ['after a digit', '2guarantee', []],
    ['before a digit', 'guarantee2', []],
    ['before an accented letter (é)', 'guaranteeé', []],
    ['after an accented letter (ñ)', 'ñguarantee', []],
    ['after a Latin-1 letter (ß)', 'ßguarantee', []],
    ['before a combining accent (e + U+0301)', 'guarantee\u0301', []],
    ['after punctuation', '(guarantee)', ['guarantee']],
    ['before a full stop', 'We guarantee.', ['guarantee']],
    ['between hyphens', 'no-guarantee-here', ['guarantee']],
    ['after an underscore (not a letter or digit)', '_guarantee_', ['guarantee']],
    ['after a hashtag sign', '#guarantee', ['guarantee']],
    ['after an apostrophe', "l'guarantee", ['guarantee']],
    ['before an emoji', 'guarantee🚀', ['guarantee']],
    ['after a non-Latin letter', 'дguarantee', []],
    ['after an Arabic-Indic digit', '٣guarantee', []],
  ])('%s', (_name, text, expected) => {
    expect(found({ prohibited: ['guarantee'] }, text)).toEqual(expected);
  });

  it('a term with an accented letter matches only as a whole word', () => {
    expect(found({ limited: ['café'] }, 'Un café, des cafés, cafée.')).toEqual(['café']);
  });

  it('digits inside terms', () => {
    expect(found({ limited: ['100%'] }, 'a 100% return, 1100% no')).toEqual(['100%']);
  });
});

describe('case and Unicode normalisation', () => {
  it.each<[string, string, string, string]>([
    ['upper case text', 'free money', 'FREE MONEY now', 'FREE MONEY'],
    ['mixed case term', 'Free Money', 'free money', 'free money'],
    ['precomposed term, decomposed text', 'café', 'cafe\u0301 open', 'cafe\u0301'],
    ['decomposed term, precomposed text', 'cafe\u0301', 'café open', 'café'],
    ['upper-case accented letters', 'ÉLITE', 'élite club', 'élite'],
    ['compatibility forms (fullwidth)', 'risk', 'ｒｉｓｋ free', 'ｒｉｓｋ'],
    ['ligature in the text', 'profit', 'pro\uFB01t taking', 'pro\uFB01t'],
    ['sharp s folds to ss', 'strasse', 'Straße', 'Straße'],
    ['capital sharp s', 'straße', 'STRAẞE', 'STRAẞE'],
    ['final sigma', 'σοφος', 'ΣΟΦΟΣ', 'ΣΟΦΟΣ'],
  ])('%s', (_name, term, text, expected) => {
    expect(found({ prohibited: [term] }, text)).toEqual([expected]);
  });
});

describe('evasion with invisible and look-alike characters', () => {
  it.each<[string, string, string, string]>([
    ['zero-width space inside the word', 'profit', 'pro\u200Bfit today', 'pro\u200Bfit'],
    ['zero-width joiner and non-joiner', 'profit', 'p\u200Dro\u200Cfit', 'p\u200Dro\u200Cfit'],
    ['word joiner and BOM', 'profit', 'pr\u2060of\uFEFFit', 'pr\u2060of\uFEFFit'],
    ['soft hyphen', 'guaranteed', 'guaran\u00ADteed returns', 'guaran\u00ADteed'],
    ['combining grapheme joiner and a variation selector', 'profit', 'pro\u034Ffi\uFE0Ft', 'pro\u034Ffi\uFE0Ft'],
    ['hyphen U+2010 in a hyphenated term', 'risk-free', 'risk\u2010free', 'risk\u2010free'],
    ['non-breaking hyphen U+2011', 'risk-free', 'risk\u2011free', 'risk\u2011free'],
    ['minus sign', 'risk-free', 'risk\u2212free', 'risk\u2212free'],
    ['Cyrillic small letters', 'free money', 'fr\u0435\u0435 m\u043Enеy', 'fr\u0435\u0435 m\u043Enеy'],
    ['Cyrillic capitals that look Latin only as capitals', 'bet', '\u0412\u0415\u0422 now', '\u0412\u0415\u0422'],
    ['Greek look-alikes', 'top pick', 't\u03BF\u03C1 p\u03B9ck', 't\u03BF\u03C1 p\u03B9ck'],
    ['Greek kappa', 'kiosk', '\u03BAi\u03BFs\u03BA', '\u03BAi\u03BFs\u03BA'],
    ['a Cyrillic term matches its Latin spelling', 'сосо', 'coco', 'coco'],
  ])('%s', (_name, term, text, expected) => {
    expect(found({ prohibited: [term] }, text)).toEqual([expected]);
  });

  it('still keeps whole words: an invisible character does not make a word boundary', () => {
    expect(found({ prohibited: ['profit'] }, 'non\u200Bprofit work')).toEqual([]);
    expect(found({ prohibited: ['profit'] }, 'for \u200Bprofit\u200B now')).toEqual(['\u200Bprofit\u200B'].map((t) => t.slice(1, -1)));
  });
});

describe('multi-word terms', () => {
  it.each<[string, string, string[]]>([
    ['one space', 'guaranteed returns', ['guaranteed returns']],
    ['several spaces and a line break', 'guaranteed  \n returns', ['guaranteed  \n returns']],
    ['a non-breaking space', 'guaranteed\u00a0returns', ['guaranteed\u00a0returns']],
    ['a tab', 'guaranteed\treturns', ['guaranteed\treturns']],
    ['no space', 'guaranteedreturns', []],
    ['a longer last word', 'guaranteed returnsx', []],
    ['punctuation between the words', 'guaranteed, returns', []],
  ])('%s', (_name, text, expected) => {
    expect(found({ prohibited: ['guaranteed returns'] }, text)).toEqual(expected);
  });

  it('white space in the term itself is normalised too', () => {
    expect(found({ prohibited: ['  guaranteed \t returns '] }, 'our guaranteed returns')).toEqual(['guaranteed returns']);
  });
});

describe('overlapping terms', () => {
  it('finds a term inside a longer term and both', () => {
    const matcher = compileTerms({ prohibited: ['money'], limited: ['free money', 'free'] });
    const text = 'Get free money today';
    expect(matcher.find(text).map((m) => [text.slice(m.start, m.end), m.kind])).toEqual([
      ['free money', 'limited'],
      ['free', 'limited'],
      ['money', 'prohibited'],
    ]);
  });

  it('finds terms that share words at their edges', () => {
    expect(found({ limited: ['best price', 'price guarantee'] }, 'best price guarantee')).toEqual(['best price', 'price guarantee']);
  });

  it('finds every occurrence of a repeated term', () => {
    expect(found({ limited: ['win'] }, 'win, win and win-win')).toEqual(['win', 'win', 'win', 'win']);
  });

  it('finds a suffix term reached only through fail links', () => {
    expect(found({ limited: ['abcd', 'bc'] }, 'xabce bc')).toEqual(['bc']);
    expect(found({ limited: ['she', 'he', 'hers'] }, 'he hers she')).toEqual(['he', 'hers', 'she']);
  });

  it('keeps the list spelling of a term', () => {
    const matcher = compileTerms({ prohibited: ['  Crypto '], limited: [] });
    expect(matcher.find('buy CRYPTO')).toEqual<ComplianceMatch[]>([{ start: 4, end: 10, term: 'Crypto', kind: 'prohibited' }]);
  });
});

describe('check: the compliance result', () => {
  const matcher = compileTerms({ prohibited: ['crypto', 'get rich'], limited: ['free', 'guarantee', 'best'] });

  it.each<[string, string, number, ComplianceType | null, string[], string[]]>([
    ['empty text is valid', '', 0, null, [], []],
    ['white space only is valid', '  \n ', 0, null, [], []],
    ['no terms', 'A calm update about our quarter.', 2, null, [], []],
    ['a limited term within the threshold', 'Free coffee on Friday', 2, ComplianceType.LIMITED, ['free'], []],
    ['limited terms exactly at the threshold', 'free and best', 2, ComplianceType.LIMITED, ['free', 'best'], []],
    ['more limited uses than the threshold', 'free, best and guarantee', 2, ComplianceType.THRESHOLD, ['free', 'best', 'guarantee'], []],
    ['the same limited term used too often', 'free free free', 2, ComplianceType.THRESHOLD, ['free'], []],
    ['threshold 0: any limited term exceeds it', 'free', 0, ComplianceType.THRESHOLD, ['free'], []],
    ['prohibited wins over limited', 'free crypto', 5, ComplianceType.PROHIBITED, ['free'], ['crypto']],
    ['prohibited wins over the threshold', 'free best guarantee get rich', 1, ComplianceType.PROHIBITED, ['free', 'best', 'guarantee'], ['get rich']],
  ])('%s', (_name, text, threshold, typeId, limited, prohibited) => {
    const result = matcher.check(text, threshold);
    expect(result.type_id).toBe(typeId);
    expect(result.content_limited_set).toEqual(limited);
    expect(result.content_prohibited_set).toEqual(prohibited);
  });

  it('a term on both lists is prohibited', () => {
    const both = compileTerms({ prohibited: ['Bet'], limited: ['bet'] });
    expect(both.check('place a bet', 9)).toMatchObject({ type_id: ComplianceType.PROHIBITED, content_prohibited_set: ['Bet'], content_limited_set: [] });
    expect(both.termCount).toBe(1);
  });

  it('no terms: everything is valid', () => {
    expect(compileTerms({ prohibited: [], limited: ['', '   '] }).check('anything at all', 0)).toEqual({ type_id: null, content_limited_set: [], content_prohibited_set: [], matches: [] });
  });

  it('marks map back to the original offsets after expanded and collapsed characters', () => {
    const text = 'ﬁne\u00a0\u00a0print: Ｆｒｅｅ gift';
    const result = compileTerms({ prohibited: [], limited: ['free', 'fine print'] }).check(text, 5);
    expect(result.matches.map((m) => text.slice(m.start, m.end))).toEqual(['ﬁne\u00a0\u00a0print', 'Ｆｒｅｅ']);
  });
});

describe('validity and counting', () => {
  it.each<[ComplianceType | null, boolean]>([
    [null, true],
    [ComplianceType.LIMITED, true],
    [ComplianceType.PROHIBITED, false],
    [ComplianceType.THRESHOLD, false],
  ])('type %s valid: %s', (typeId, valid) => {
    expect(isComplianceValid(typeId)).toBe(valid);
  });

  it('a limited term inside another counted one is one use', () => {
    const m = (start: number, end: number): ComplianceMatch => ({ start, end, term: 't', kind: 'limited' });
    expect(countLimitedUses([m(0, 10), m(0, 4), m(5, 10), m(11, 15)])).toBe(2);
    expect(countLimitedUses([m(0, 6), m(4, 10)])).toBe(2);
    expect(countLimitedUses([{ start: 0, end: 3, term: 'x', kind: 'prohibited' }])).toBe(0);
  });
});

describe('normalisation', () => {
  it('keeps a map from each normalised unit to the original range', () => {
    const { units, starts, ends } = normaliseText('A\u00a0 ﬁ');
    expect(unitsToString(units)).toBe('a fi');
    expect([...starts]).toEqual([0, 1, 3, 3]);
    expect([...ends]).toEqual([1, 3, 4, 4]);
  });

  it('terms are trimmed and folded', () => {
    expect(normaliseTerm('  Ｇｅｔ  RICH ')).toBe('get rich');
  });
});

describe('scale', () => {
  it('one pass finds terms among 10,000 in a 3,000-character caption', () => {
    const terms = Array.from({ length: 10_000 }, (_, i) => `term${i.toString(36)}x`);
    const matcher = compileTerms({ prohibited: [], limited: terms });
    const words = Array.from({ length: 400 }, (_, i) => (i % 50 === 0 ? `term${(i * 7).toString(36)}x` : 'plain'));
    const text = words.join(' ').slice(0, 3000);
    const result = matcher.check(text, 1000);
    expect(result.type_id).toBe(ComplianceType.LIMITED);
    expect(result.content_limited_set).toEqual(words.filter((w) => w !== 'plain').filter((w, i, all) => all.indexOf(w) === i));
  });
});
