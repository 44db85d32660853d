import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import styles from './auth-screen.module.css';

/** 'Verification Email Sent': worded for members and non-members alike. */
export function VerificationSentView(props: { backTo: To }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('verifyEmail.sentHeading')}
      </Text>
      <Text as="p">{t('verifyEmail.sentBody')}</Text>
      <RouterButtonLink to={props.backTo} appearance="primary">
        {t('verifyEmail.backToSignIn')}
      </RouterButtonLink>
    </div>
  );
}
