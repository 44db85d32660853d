import { useEffect, useId, useState } from 'react';
import type { JSX } from 'react';
import { Field, SearchBox as FluentSearchBox } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@chorus/core';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';

/** The library search input: reports the text once typing pauses for the spec's 1 s. */
export function LibrarySearchBox(props: { value: string; onSearch: (query: string) => void }): JSX.Element {
  const { t } = useTranslation(['library']);
  const [text, setText] = useState(props.value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const hintId = useId();
  const { onSearch, value } = props;

  useEffect(() => {
    if (debounced.trim() !== value.trim()) onSearch(debounced.trim());
  }, [debounced, value, onSearch]);

  return (
    <Field label={t('library:search.label')} hint={{ id: hintId, children: t('library:search.hint') }}>
      <FluentSearchBox
        value={text}
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
