import { Suspense, useEffect, useState } from 'react';
import type { JSX } from 'react';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NETWORK_NAMES, type Mention, type Post, type PostMetadataResponse, type ShareableNetworkId } from '@chorus/core';
import { trackAction } from '../../../lib/analytics.ts';
import { usePostMetadata } from '../api/share-api.ts';
import { hasUnsavedEdits, initialDrafts, type Draft, type Drafts } from '../utils/share-drafts.ts';
import { ExitDialog } from './confirm-dialogs.tsx';
import { NetworkPanel } from './network-panel.tsx';
import styles from './share-modal.module.css';
import sheet from '../../../components/phone-sheet.module.css';

/** What the share modal opens with. */
export interface ShareModalProps {
  post: Post;
  /** The tab to preselect; null for the first. */
  network: ShareableNetworkId | null;
  channelId: number;
  resume?: { content: string; mentions: Mention[] } | undefined;
  onClose: () => void;
  /** A share succeeded (for the recommendations drawer). */
  onShared: (post: Post) => void;
}

/**
 * The share modal (spec 2 "Share modal"): one tab per network the company enables (TWITTER,
 * FACEBOOK, LINKEDIN), each with its own caption; closing asks 'Are you sure you want to exit?'
 * only when a caption has unsaved edits. Below 654 px it fills the screen. Opening it is a
 * tracked analytics action.
 */
export function ShareModal(props: ShareModalProps): JSX.Element {
  // Every namespace the tabs use loads before the dialog opens: a namespace loading later would
  // suspend, and the boundary hiding the open dialog took the focus out of it (Escape then did nothing).
  const { t } = useTranslation(['share', 'captions', 'settings', 'errors']);
  const metadata = usePostMetadata(props.post.id);
  const [confirmingExit, setConfirmingExit] = useState(false);
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const postId = props.post.id;
  const { channelId } = props;
  // Product analytics: the share funnel starts here (the share itself is an event of its own).
  useEffect(() => trackAction('share_modal_opened', { post_id: postId, channel_id: channelId }), [postId, channelId]);

  const handleClose = (): void => {
    if (drafts !== null && hasUnsavedEdits(drafts)) setConfirmingExit(true);
    else props.onClose();
  };

  return (
    <>
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : handleClose())}>
      <DialogSurface className={`${styles.surface} ${sheet.sheet}`}>
        <DialogBody className={styles.body}>
          <DialogTitle action={<Button appearance="subtle" aria-label={t('share:modal.close')} icon={<DismissRegular />} onClick={handleClose} />}>
            {t('share:modal.title')}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <Text className={styles.postTitle}>{props.post.title}</Text>
            {metadata.data ? (
              // Anything else the tabs wait for shows here, never by hiding the dialog and its focus.
              <Suspense fallback={<Spinner label={t('share:modal.loading')} />}>
              <ShareTabs
                key={metadata.data.post_id}
                post={props.post}
                metadata={metadata.data}
                initialNetwork={props.network}
                channelId={props.channelId}
                resume={props.resume}
                onDraftsChange={setDrafts}
                onShared={() => props.onShared(props.post)}
              />
              </Suspense>
            ) : metadata.isError ? (
              <div className={styles.loading}>
                <Text>{t('share:modal.loadFailed')}</Text>
                <Button onClick={() => void metadata.refetch()}>{t('share:modal.retry')}</Button>
              </div>
            ) : (
              <div className={styles.loading}>
                <Spinner label={t('share:modal.loading')} />
              </div>
            )}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
      {confirmingExit ? <ExitDialog onGoBack={() => setConfirmingExit(false)} onExit={props.onClose} /> : null}
    </>
  );
}

function ShareTabs(props: {
  post: Post;
  metadata: PostMetadataResponse;
  initialNetwork: ShareableNetworkId | null;
  channelId: number;
  resume: { content: string; mentions: Mention[] } | undefined;
  onDraftsChange: (drafts: Drafts) => void;
  onShared: () => void;
}): JSX.Element {
  const { t } = useTranslation(['share']);
  const networks = props.metadata.networks;
  const first = networks.find((entry) => entry.networkId === props.initialNetwork) ?? networks[0];
  const [selected, setSelected] = useState<ShareableNetworkId | undefined>(first?.networkId);
  const [drafts, setDrafts] = useState<Drafts>(() =>
    initialDrafts(networks, props.resume && first ? { network: first.networkId, content: props.resume.content, mentions: props.resume.mentions } : undefined, props.metadata.editable),
  );
  const current = networks.find((entry) => entry.networkId === selected);
  const draft = current ? drafts[current.networkId] : undefined;

  const { onDraftsChange } = props;
  useEffect(() => onDraftsChange(drafts), [drafts, onDraftsChange]);

  const handleDraftChange = (network: ShareableNetworkId, next: Draft): void => {
    setDrafts((previous) => ({ ...previous, [network]: next }));
  };

  return (
    <>
      <TabList
        className={styles.tabs}
        aria-label={t('share:modal.networks')}
        selectedValue={selected}
        onTabSelect={(_, data) => setSelected(Number(data.value) as ShareableNetworkId)}
      >
        {networks.map((entry) => (
          <Tab key={entry.networkId} value={entry.networkId} id={`share-tab-${entry.networkId}`}>
            {entry.name}
          </Tab>
        ))}
      </TabList>
      {current && draft ? (
        <div role="tabpanel" aria-labelledby={`share-tab-${current.networkId}`} aria-label={NETWORK_NAMES[current.networkId]}>
          <NetworkPanel
            key={current.networkId}
            post={props.post}
            metadata={props.metadata}
            network={current}
            draft={draft}
            channelId={props.channelId}
            onDraftChange={(next) => handleDraftChange(current.networkId, next)}
            onShared={props.onShared}
          />
        </div>
      ) : null}
    </>
  );
}
