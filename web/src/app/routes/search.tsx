import { useCallback } from 'react';
import type { JSX } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterBy, SortBy } from '@chorus/core';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { TopicView } from '../../features/posts/components/topic-view.tsx';
import { LibraryControls, type LibraryState } from '../../features/library/index.ts';
import { LibrarySearchBox } from '../../features/library/components/search-box.tsx';

const FILTERS: readonly string[] = Object.values(FilterBy);
const SORTS: readonly string[] = Object.values(SortBy);

/** Topic ids of the `categories` parameter ("3,5"); anything else is ignored. */
function topicIds(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .filter((part) => /^\d+$/.test(part.trim()))
    .map(Number)
    .filter((id) => id > 0);
}

/**
 * `/search?categories&query&filter_by&sort_by`: library search. The url is the state, so a
 * search can be shared and survives reloads; typing updates it after the 1 s debounce.
 */
export function SearchRoute(): JSX.Element {
  const { t } = useTranslation(['library']);
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const filterParam = params.get('filter_by') ?? '';
  const sortParam = params.get('sort_by') ?? '';
  const filterBy = FILTERS.includes(filterParam) ? (filterParam as FilterBy) : FilterBy.ALL;
  const sortBy = SORTS.includes(sortParam) ? (sortParam as SortBy) : null;
  const categories = topicIds(params.get('categories'));
  useDocumentTitle(query ? t('library:search.documentTitleFor', { query }) : t('library:search.documentTitle'));

  const update = useCallback(
    (patch: Partial<LibraryState>): void => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (patch.query !== undefined) {
            if (patch.query) next.set('query', patch.query);
            else next.delete('query');
          }
          if (patch.filterBy !== undefined) next.set('filter_by', patch.filterBy);
          if (patch.sortBy) next.set('sort_by', patch.sortBy);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const handleSearch = useCallback((text: string) => update({ query: text }), [update]);

  return (
    <TopicView
      title={t('library:search.heading')}
      enabled={query !== ''}
      searching={query !== ''}
      query={{ query, filter_by: filterBy, ...(sortBy === null ? {} : { sort_by: sortBy }), ...(categories.length > 0 ? { categories } : {}) }}
      controls={
        <>
          <LibrarySearchBox value={query} onSearch={handleSearch} />
          <LibraryControls filterBy={filterBy} sortBy={sortBy} searching={query !== ''} onChange={update} />
        </>
      }
    />
  );
}
