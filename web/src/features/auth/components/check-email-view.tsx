import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FIND_YOUR_TEAM_EMAIL_WITHIN_MS } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import styles from './auth-screen.module.css';

/** 'Check Your Email' after find-your-team: names the address and says when the mail arrives. */
export function CheckEmailView(props: { email: string | null; backTo: To }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('checkEmail.heading')}
      </Text>
      <Text as="p">{props.email ? t('checkEmail.body', { email: props.email }) : t('checkEmail.bodyNoEmail')}</Text>
      <Text as="p">{t('checkEmail.note', { minutes: FIND_YOUR_TEAM_EMAIL_WITHIN_MS / 60_000 })}</Text>
      <RouterButtonLink to={props.backTo} appearance="primary">
        {t('checkEmail.back')}
      </RouterButtonLink>
    </div>
  );
}
