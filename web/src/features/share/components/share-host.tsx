import { useEffect, useRef, useState } from 'react';
import type { JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useCurrentUser } from '../../../lib/auth.tsx';
import type { ShareRequestState } from '../../../lib/share-launcher.ts';
import { recommendationsFor } from '../api/share-api.ts';
import { useCopyLink } from '../hooks/use-copy-link.ts';
import { RecommendationsDrawer } from './recommendations-drawer.tsx';
import { ShareModal } from './share-modal.tsx';
import styles from './share-modal.module.css';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One request of the share actions; `id` tells two clicks on the same post apart. */
export type ShareTask =
  | { id: number; kind: 'share'; request: ShareRequestState }
  | { id: number; kind: 'copy'; post: Post }
  | { id: number; kind: 'email'; post: Post };

/** The web modal's share-flow type (spec 3). */
const MODAL_CHANNEL_ID = 9;

/**
 * The share feature's entry (its own lazy chunk): the share modal, copy link, e-mail, and after a
 * share the recommendations drawer when the person's post_recommendations_enabled setting is on.
 */
export function ShareHost(props: { task: ShareTask | null; onDone: () => void }): JSX.Element {
  const { task, onDone } = props;
  const { t } = useTranslation(['share']);
  const user = useCurrentUser();
  const links = useCopyLink();
  const handled = useRef<number | null>(null);
  const [sharedPost, setSharedPost] = useState<Post | null>(null);
  const [drawerFor, setDrawerFor] = useState<Post | null>(null);
  const { copy, email } = links;

  useEffect(() => {
    if (task === null || task.kind === 'share' || handled.current === task.id) return;
    handled.current = task.id;
    void (task.kind === 'copy' ? copy(task.post) : email(task.post)).finally(onDone);
  }, [task, copy, email, onDone]);

  const recommendationsOn = user?.user_settings.intelligence.post_recommendations_enabled ?? false;
  const recommendations = useQuery({
    queryKey: queryKeys.share.recommendations(drawerFor?.id),
    queryFn: () => (drawerFor ? recommendationsFor(drawerFor) : Promise.resolve([])),
    enabled: drawerFor !== null,
  });

  const handleModalClose = (): void => {
    if (sharedPost && recommendationsOn) setDrawerFor(sharedPost);
    setSharedPost(null);
    onDone();
  };

  return (
    <>
      {task?.kind === 'share' ? (
        <ShareModal
          key={task.id}
          post={task.request.post}
          network={task.request.network}
          channelId={task.request.channelId ?? MODAL_CHANNEL_ID}
          resume={task.request.resume}
          onClose={handleModalClose}
          onShared={setSharedPost}
        />
      ) : null}
      {drawerFor && recommendations.data && recommendations.data.length > 0 ? (
        <RecommendationsDrawer posts={recommendations.data} onClose={() => setDrawerFor(null)} />
      ) : null}
      {links.failed ? (
        <Dialog open onOpenChange={(_, data) => (data.open ? undefined : links.dismiss())}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('share:copyLink.dialogTitle')}</DialogTitle>
              <DialogContent>
                <Field label={t('share:copyLink.inputLabel')} validationState="error" validationMessage={links.failed.message}>
                  <Input className={styles.copyInput} readOnly value={links.failed.url} onFocus={(event) => event.currentTarget.select()} />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={links.dismiss}>
                  {t('share:copyLink.close')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  );
}
