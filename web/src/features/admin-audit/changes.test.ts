import { describe, expect, it } from 'vitest';
import { changeRows, valueText } from './changes.ts';

describe('changeRows', () => {
  it('reads a compliance change: fields before and after, then the lists added to and removed from', () => {
    expect(
      changeRows({
        before: { enabled: true, threshold: 2 },
        after: { enabled: false, threshold: 5 },
        prohibited: { added: ['insider tip'], removed: ['guaranteed returns'] },
        limited: { added: [], removed: ['exclusive'] },
      }),
    ).toEqual([
      { kind: 'change', field: 'enabled', before: true, after: false },
      { kind: 'change', field: 'threshold', before: 2, after: 5 },
      { kind: 'list', field: 'prohibited', added: ['insider tip'], removed: ['guaranteed returns'] },
      { kind: 'list', field: 'limited', added: [], removed: ['exclusive'] },
    ]);
  });

  it('reads a post action: the state before and after as one value, a nested pair per field, facts last', () => {
    expect(changeRows({ title: 'Spring launch', before: 'draft', after: 'live', topics: { before: [1, 2], after: [3] } })).toEqual([
      { kind: 'change', field: null, before: 'draft', after: 'live' },
      { kind: 'change', field: 'topics', before: [1, 2], after: [3] },
      { kind: 'value', field: 'title', value: 'Spring launch' },
    ]);
  });

  it('reads a role change (from and to), a field only on one side, and plain facts', () => {
    expect(changeRows({ from: 'USER', to: 'MANAGER' })).toEqual([{ kind: 'change', field: null, before: 'USER', after: 'MANAGER' }]);
    expect(changeRows({ before: { title: 'Old' }, after: { title: 'New', url: 'https://example.com' } })).toEqual([
      { kind: 'change', field: 'title', before: 'Old', after: 'New' },
      { kind: 'change', field: 'url', before: undefined, after: 'https://example.com' },
    ]);
    expect(changeRows({ name: 'Acme', members: 12 })).toEqual([
      { kind: 'value', field: 'name', value: 'Acme' },
      { kind: 'value', field: 'members', value: 12 },
    ]);
    expect(changeRows({})).toEqual([]);
  });
});

describe('valueText', () => {
  it.each<[unknown, string | null]>([
    ['live', 'live'],
    [5, '5'],
    [false, 'false'],
    [['a', 'b', 3], 'a, b, 3'],
    [[], null],
    [null, null],
    [undefined, null],
    ['', null],
    [{ twitter: true }, '{"twitter":true}'],
    [[{ id: 1 }], '[{"id":1}]'],
  ])('shows %j as %j', (value, text) => {
    expect(valueText(value)).toBe(text);
  });
});
