/**
 * Mentioning a company in a LinkedIn caption (content-library spec 5 "Mentions"): search from
 * 3 characters (letters, digits, - _ & ') 500 ms after typing stops; 310 shows 'You need to
 * link this network to search.' and turns searching off; other failures 'There was an error
 * searching this network.'. The chosen company goes into the caption as a mention.
 */
import { useEffect, useState } from 'react';
import type { JSX } from 'react';
import { Combobox, Field, Option, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isApiError, isMentionQuery, MENTION_SEARCH_DEBOUNCE_MS, type Mention } from '@chorus/core';
import { mentionSearchQueryOptions } from '../api/captions-api.ts';
import styles from './captions.module.css';

/** The search field; `onPick` receives the chosen company. */
export function MentionPicker(props: { networkId: number; disabled?: boolean; onPick: (mention: Mention) => void }): JSX.Element {
  const { t } = useTranslation(['captions']);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [notLinked, setNotLinked] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), MENTION_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const searchable = isMentionQuery(query) && !notLinked;
  const search = useQuery({ ...mentionSearchQueryOptions(props.networkId, query), enabled: searchable });

  useEffect(() => {
    if (isApiError(search.error) && search.error.code === ErrorCode.NETWORK_NOT_LINKED) setNotLinked(true);
  }, [search.error]);

  const failed = search.isError && !notLinked;
  const results = searchable ? (search.data?.objects ?? []) : [];
  const noneFound = searchable && search.isSuccess && results.length === 0;
  const message = notLinked ? t('captions:mentions.notLinked') : failed ? t('captions:mentions.error') : undefined;

  const handleSelect = (value: string | undefined): void => {
    const chosen = results.find((m) => m.account_id === value);
    if (chosen === undefined) return;
    props.onPick(chosen);
    setOpen(false);
    setText('');
    setQuery('');
  };

  return (
    <Field
      className={styles.mentions}
      label={t('captions:mentions.label')}
      hint={message === undefined ? t('captions:mentions.hint') : undefined}
      validationState={message === undefined ? 'none' : notLinked ? 'warning' : 'error'}
      validationMessage={message}
    >
      <Combobox
        freeform
        value={text}
        disabled={props.disabled === true || notLinked}
        open={open && (results.length > 0 || noneFound)}
        onOpenChange={(_, data) => setOpen(data.open)}
        onInput={(event) => {
          setText((event.target as HTMLInputElement).value);
          setOpen(true);
        }}
        onOptionSelect={(_, data) => handleSelect(data.optionValue)}
        // A search field has nothing to expand: no chevron (Fluent's is a 20 px button named
        // 'Open'), only a status while a search runs.
        expandIcon={
          searchable && search.isFetching
            ? { role: 'status', 'aria-label': t('captions:mentions.searching'), children: <Spinner size="extra-tiny" /> }
            : null
        }
      >
        {results.map((mention) => (
          <Option key={mention.account_id} value={mention.account_id} text={mention.name}>
            {mention.name}
          </Option>
        ))}
        {noneFound ? (
          <Option key="none" value="" text="" disabled>
            {t('captions:mentions.none')}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
