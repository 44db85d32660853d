import type { JSX } from 'react';
import { ToggleButton } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FilterBy, SortBy } from '@chorus/core';
import type { LibraryState } from '../../../lib/library-state.ts';
import styles from './library-controls.module.css';

interface LibraryControlsProps {
  filterBy: FilterBy;
  sortBy: SortBy | null;
  /** While searching an unchosen sort means best match, so neither sort button is pressed. */
  searching?: boolean;
  onChange: (patch: Partial<LibraryState>) => void;
}

/** The library's filter (All Posts, Unshared) and sort (Latest, Top Performing) buttons. */
export function LibraryControls(props: LibraryControlsProps): JSX.Element {
  const { t } = useTranslation(['library']);
  const sort = props.sortBy ?? (props.searching ? null : SortBy.LATEST);
  const filters = [
    { value: FilterBy.ALL, label: t('library:feed.allPosts') },
    { value: FilterBy.UNSHARED, label: t('library:feed.unshared') },
  ];
  const sorts = [
    { value: SortBy.LATEST, label: t('library:feed.latest') },
    { value: SortBy.TOP_PERFORMING, label: t('library:feed.topPerforming') },
  ];
  return (
    <div className={styles.controls}>
      <div role="group" aria-label={t('library:feed.filterLabel')} className={styles.group}>
        {filters.map((filter) => (
          <ToggleButton
            key={filter.value}
            size="small"
            checked={props.filterBy === filter.value}
            onClick={() => props.onChange({ filterBy: filter.value })}
          >
            {filter.label}
          </ToggleButton>
        ))}
      </div>
      <div role="group" aria-label={t('library:feed.sortLabel')} className={styles.group}>
        {sorts.map((option) => (
          <ToggleButton key={option.value} size="small" checked={sort === option.value} onClick={() => props.onChange({ sortBy: option.value })}>
            {option.label}
          </ToggleButton>
        ))}
      </div>
    </div>
  );
}
