import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { JSX } from 'react';
import styles from './error-fallback.module.css';

/** What a region shows when it failed: a short explanation and a retry action. */
export function ErrorFallback(props: { onRetry?: () => void; message?: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.root}>
      <Text as="h2" size={500} weight="semibold">
        {t('errorBoundary.title')}
      </Text>
      <Text as="p">{props.message ?? t('errorBoundary.body')}</Text>
      {props.onRetry ? (
        <Button appearance="primary" onClick={props.onRetry}>
          {t('errorBoundary.retry')}
        </Button>
      ) : null}
    </div>
  );
}
