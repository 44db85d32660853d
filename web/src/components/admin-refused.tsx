import type { JSX } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterButtonLink } from './router-link.tsx';
import styles from './admin-refused.module.css';

/**
 * What an admin console screen shows a person whose role may not use it, or when what it edits
 * could not be read: the screen's title, why, and the way back to the console.
 */
export function AdminRefused(props: { title: string; message: string }): JSX.Element {
  const { t } = useTranslation(['screens']);
  return (
    <div className={styles.page}>
      <Title2 as="h1">{props.title}</Title2>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('screens:adminCompliance.refusedTitle')}</MessageBarTitle>
          {props.message}
        </MessageBarBody>
      </MessageBar>
      <div>
        <RouterButtonLink to="/admin">{t('screens:adminCompliance.back')}</RouterButtonLink>
      </div>
    </div>
  );
}
