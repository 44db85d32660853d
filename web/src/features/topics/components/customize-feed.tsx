import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import styles from './customize-feed.module.css';

/** The feed's 'Customize Feed' doormat: a way to /manage-topics. */
export function CustomizeFeed(): JSX.Element {
  const { t } = useTranslation(['library']);
  return (
    <section className={styles.doormat} aria-labelledby="customize-feed-heading">
      <h2 id="customize-feed-heading" className={styles.heading}>
        {t('library:feed.customizeTitle')}
      </h2>
      <Text as="p">{t('library:feed.customizeText')}</Text>
      <RouterButtonLink to="/manage-topics" appearance="primary">
        {t('library:feed.customizeLink')}
      </RouterButtonLink>
    </section>
  );
}
