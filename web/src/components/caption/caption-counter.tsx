/**
 * The caption's `current/max` counter (content-library spec 5 "Character count"), read out as
 * "117 of 280 characters"; red and bold once the caption is over the network's limit.
 */
import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import styles from './caption.module.css';

export function CaptionCounter(props: { length: number; max: number; over: boolean }): JSX.Element {
  const { t } = useTranslation(['share']);
  return (
    <Text size={200} className={props.over ? styles.counterOver : styles.counter} aria-label={t('share:modal.counterLabel', { current: props.length, max: props.max })}>
      {`${props.length}/${props.max}`}
    </Text>
  );
}
