import { describe, expect, it } from 'vitest';
import { AUDIT_PER_PAGE, NO_FILTERS, auditQueryOf, datesReversed, isFiltered } from './filters.ts';

describe('auditQueryOf', () => {
  it('asks for a page of the whole log when nothing is filtered', () => {
    expect(auditQueryOf(NO_FILTERS, 1)).toEqual({ page_num: 1, results_per_page: AUDIT_PER_PAGE });
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, text: '   ' })).toBe(false);
  });

  it('sends the family, the trimmed text, and the days as local bounds, the last day included', () => {
    const query = auditQueryOf({ family: 'post', text: '  spring ', from: '2026-03-01', to: '2026-03-31' }, 2);
    expect(query).toEqual({
      page_num: 2,
      results_per_page: AUDIT_PER_PAGE,
      action: 'post',
      query: 'spring',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
  });

  it('ignores a date that is not a whole day', () => {
    expect(auditQueryOf({ ...NO_FILTERS, from: '2026-03', to: 'soon' }, 1)).toEqual({ page_num: 1, results_per_page: AUDIT_PER_PAGE });
  });
});

describe('datesReversed', () => {
  it('is true only when the last day comes before the first', () => {
    expect(datesReversed({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(datesReversed({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(datesReversed({ ...NO_FILTERS, to: '2026-03-01' })).toBe(false);
  });
});
