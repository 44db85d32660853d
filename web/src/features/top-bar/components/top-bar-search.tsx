import { useEffect, useRef, useState } from 'react';
import type { JSX } from 'react';
import { Button, SearchBox } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@chorus/core';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** History state of a search started in the top bar: the search page focuses its own field. */
export interface TopBarSearchState {
  fromTopBar: true;
}

/** The /search address of a query. */
export function searchPath(query: string): string {
  return `/search?${new URLSearchParams({ query }).toString()}`;
}

/**
 * The top bar's search field: once typing pauses for the spec's 1 s (or at Enter) it opens
 * /search with the query, where the search page's own field takes over (and the focus).
 */
export function TopBarSearch(props: { className?: string; autoFocus?: boolean }): JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const input = useRef<HTMLInputElement>(null);
  const state: TopBarSearchState = { fromTopBar: true };
  const go = (query: string): void => {
    if (query !== '') void navigate(searchPath(query), { state });
  };

  useEffect(() => {
    if (props.autoFocus) input.current?.focus();
  }, [props.autoFocus]);

  useEffect(() => {
    const query = debounced.trim();
    if (query !== '') void navigate(searchPath(query), { state: { fromTopBar: true } satisfies TopBarSearchState });
  }, [debounced, navigate]);

  return (
    <form
      role="search"
      className={props.className}
      onSubmit={(event) => {
        event.preventDefault();
        go(text.trim());
      }}
    >
      <SearchBox
        ref={input}
        size="medium"
        value={text}
        onChange={(_, data) => setText(data.value)}
        aria-label={t('nav.searchLabel')}
        placeholder={t('nav.searchPlaceholder')}
        dismiss={{ 'aria-label': t('nav.clearSearch') }}
      />
    </form>
  );
}

/** The phones' search button: opens (and closes) the row with the search field under the bar. */
export function SearchToggle(props: { open: boolean; className?: string; controls: string; onToggle: () => void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <Button
      appearance="subtle"
      className={props.className}
      icon={props.open ? <DismissRegular /> : <SearchRegular />}
      aria-label={props.open ? t('nav.closeSearch') : t('nav.openSearch')}
      aria-expanded={props.open}
      aria-controls={props.controls}
      onClick={props.onToggle}
    />
  );
}
