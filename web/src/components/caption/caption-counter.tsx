/**
 * The caption's `current/max` counter (content-library spec 5 "Character count"), read out as
 * "117 of 280 characters"; red and bold once the caption is over the network's limit.
 * Facebook's limit (63,206) is far beyond any caption: '97/63206' only puzzled people, so its
 * counter shows up only near the limit.
 */
import type { JSX } from 'react';
import type { LinkableNetwork } from '@chorus/core';
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import styles from './caption.module.css';

/** How near its limit a Facebook caption is before the counter shows. */
const FACEBOOK_COUNTER_FROM = 0.9;

export function CaptionCounter(props: { network: LinkableNetwork; length: number; max: number; over: boolean }): JSX.Element | null {
  const { t } = useTranslation(['share']);
  if (props.network === 'facebook' && props.length < props.max * FACEBOOK_COUNTER_FROM) return null;
  return (
    <Text size={200} className={props.over ? styles.counterOver : styles.counter} aria-label={t('share:modal.counterLabel', { current: props.length, max: props.max })}>
      {`${props.length}/${props.max}`}
    </Text>
  );
}
