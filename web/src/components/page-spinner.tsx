import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { JSX } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '40vh',
    padding: tokens.spacingVerticalXXL,
  },
});

/** A centred spinner for a region that is loading. */
export function PageSpinner(props: { label?: string }): JSX.Element {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Spinner label={props.label ?? t('app.loading')} />
    </div>
  );
}
