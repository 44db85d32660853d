import type { JSX } from 'react';
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Text } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import styles from './share-modal.module.css';

/**
 * The temporary 'recommended' drawer after a share (spec 4 "Recommendations"): up to 4
 * unshared, top-performing posts of the shared post's topics. Closing it removes it.
 */
export function RecommendationsDrawer(props: { posts: readonly Post[]; onClose: () => void }): JSX.Element {
  const { t } = useTranslation(['share']);
  return (
    <OverlayDrawer open position="end" onOpenChange={(_, data) => (data.open ? undefined : props.onClose())}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('share:recommendations.close')} icon={<DismissRegular />} onClick={props.onClose} />}>
          {t('share:recommendations.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <Text as="p">{t('share:recommendations.intro')}</Text>
        <ul className={styles.drawerList}>
          {props.posts.map((post) => (
            <li key={post.id} onClick={props.onClose}>
              <RouterLink to={`/post/${post.id}`}>{post.title}</RouterLink>
            </li>
          ))}
        </ul>
      </DrawerBody>
    </OverlayDrawer>
  );
}
