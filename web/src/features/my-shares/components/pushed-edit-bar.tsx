import type { JSX } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PushedEdit } from '@chorus/core';
import styles from './my-shares.module.css';

/**
 * An admin's edit waiting on a queued post (spec 4 "Pushed admin edits on a queued post"): the
 * reason and the proposed caption, with Accept and Reject. The caller shows it only while the
 * post's date is in the future and performs the decision.
 */
export function PushedEditBar(props: { edit: PushedEdit; network: string; pending: boolean; onDecide: (accept: boolean) => void }): JSX.Element {
  const { edit, network, pending, onDecide } = props;
  const { t } = useTranslation(['share']);
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.pushedEdit}>
      <MessageBarBody>
        <MessageBarTitle>{t('share:myShares.pushedEditTitle')}</MessageBarTitle>
        <Text block size={200}>
          {t('share:myShares.pushedEditReason', { reason: edit.reason })}
        </Text>
        <Text block size={200} weight="semibold">
          {t('share:myShares.pushedEditProposed')}
        </Text>
        <Text block className={styles.pushedEditText}>
          {edit.content.trim() === '' ? t('share:myShares.noCaption') : edit.content}
        </Text>
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" disabled={pending} aria-label={t('share:myShares.acceptEditLabel', { network })} onClick={() => onDecide(true)}>
          {t('share:myShares.acceptEdit')}
        </Button>
        <Button disabled={pending} aria-label={t('share:myShares.rejectEditLabel', { network })} onClick={() => onDecide(false)}>
          {t('share:myShares.rejectEdit')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
