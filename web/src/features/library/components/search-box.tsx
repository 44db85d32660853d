import { useEffect, useId, useRef, useState } from 'react';
import type { JSX } from 'react';
import { Field, SearchBox as FluentSearchBox } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@chorus/core';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Whether the page was opened by the top bar's search field (its history state). */
function cameFromTopBar(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromTopBar' in state && state.fromTopBar === true;
}

/**
 * The library search input: reports the text once typing pauses for the spec's 1 s. Opened
 * from the top bar's search field, it takes the focus (caret at the end), so typing goes on here.
 */
export function LibrarySearchBox(props: { value: string; onSearch: (query: string) => void }): JSX.Element {
  const { t } = useTranslation(['library']);
  const [text, setText] = useState(props.value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const hintId = useId();
  const { onSearch, value } = props;
  const input = useRef<HTMLInputElement>(null);
  const { state } = useLocation();
  const focusOnArrival = cameFromTopBar(state);

  useEffect(() => {
    const field = input.current;
    if (!focusOnArrival || field === null) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [focusOnArrival]);

  useEffect(() => {
    if (debounced.trim() !== value.trim()) onSearch(debounced.trim());
  }, [debounced, value, onSearch]);

  return (
    <Field label={t('library:search.label')} hint={{ id: hintId, children: t('library:search.hint') }}>
      <FluentSearchBox
        ref={input}
        value={text}
        dismiss={{ 'aria-label': t('library:search.clear') }}
        onChange={(_, data) => setText(data.value)}
        onKeyDown={(event) => {
          // Enter searches at once.
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={t('library:search.placeholder')}
      />
    </Field>
  );
}
