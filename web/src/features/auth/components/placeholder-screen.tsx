import type { JSX } from 'react';
import { Badge, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import styles from './auth-screen.module.css';

/**
 * An auth-area screen that is not built yet: its title, a "Coming soon" badge, what the user
 * can do instead, and the way back to sign-in.
 */
export function PlaceholderScreen(props: { title: string; body: string; backTo: To }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {props.title}
      </Text>
      <Badge appearance="tint" color="informative">
        {t('placeholder.comingSoon')}
      </Badge>
      <Text as="p">{props.body}</Text>
      <RouterButtonLink to={props.backTo} appearance="primary">
        {t('placeholder.backToLogin')}
      </RouterButtonLink>
    </div>
  );
}
