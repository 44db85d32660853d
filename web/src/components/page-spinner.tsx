import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { JSX } from 'react';
import styles from './page-spinner.module.css';

/** A centred spinner for a region that is loading. */
export function PageSpinner(props: { label?: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Spinner label={props.label ?? t('app.loading')} />
    </div>
  );
}
