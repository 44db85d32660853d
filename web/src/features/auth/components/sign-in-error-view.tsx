import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import styles from './auth-screen.module.css';

/**
 * The /error view: 'Error Signing-In', a hint that the credentials may be wrong (or the given
 * `body`, such as 'Invalid link'), and Back To Login.
 */
export function SignInErrorView(props: { backTo: To; body?: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="alert">
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('authError.heading')}
      </Text>
      <Text as="p">{props.body ?? t('authError.body')}</Text>
      <RouterButtonLink to={props.backTo} appearance="primary">
        {t('authError.back')}
      </RouterButtonLink>
    </div>
  );
}
