import { useCallback, useState } from 'react';
import type { JSX } from 'react';
import { Button, Field, Link, MessageBar, MessageBarBody, Spinner, Text, Textarea } from '@fluentui/react-components';
import { CalendarClock20Regular, Checkmark20Regular, Clock20Regular, Open16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { captionLength, withHashtags } from '@chorus/core/caption-length';
import { aiCaptionRefusal, aiEfficacy, defaultScheduleSlot, firstScheduleDate, isLinkedNetwork, Network, NETWORK_NAMES, postShareResumePath, SHAREABLE_NETWORK_SLUGS, type Mention, type NetworkMetadata, type Post, type PostMetadataResponse } from '@chorus/core';
import { CaptionCounter } from '../../../components/caption/caption-counter.tsx';
import { ComplianceNotice } from '../../../components/caption/compliance-notice.tsx';
import { insertMention, reconcileMentions } from '../../../components/caption/mentions.ts';
import { useComplianceCheck } from '../../../components/caption/use-compliance-check.ts';
import { SchedulePicker } from '../../../components/schedule-picker.tsx';
import { useConfigInfo, useCurrentUser } from '../../../lib/auth.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { formatShareTime, personTimeZone } from '../../../lib/queue.ts';
import { localStore } from '../../../lib/safe-storage.ts';
import { linkForShare, postAsPage, saveDraft, usePostSnippet, useSocialLinks } from '../api/share-api.ts';
import { useQueueShare } from '../hooks/use-queue-share.ts';
import { useShareNow } from '../hooks/use-share-now.ts';
import { asksEmptyCaption, EMPTY_CAPTION_OPT_OUT_KEY, type Draft } from '../utils/share-drafts.ts';
import { canPressShare } from '../utils/share-phase.ts';
import { AiCaptionHelper } from './ai-caption-helper.tsx';
import { EmptyCaptionDialog } from './confirm-dialogs.tsx';
import { MentionPicker } from './mention-picker.tsx';
import { PageChoiceDialog } from './page-choice-dialog.tsx';
import { SnippetPreview, snippetChoice } from './snippet-preview.tsx';
import styles from './share-modal.module.css';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Networks whose links can post as a page (spec 2 "Network pages modal"). */
function pageNetworkOf(network: NetworkMetadata): 'facebook' | 'linkedin' | null {
  const slug = SHAREABLE_NETWORK_SLUGS[network.networkId];
  return slug === 'facebook' || slug === 'linkedin' ? slug : null;
}

/**
 * One network's tab of the share modal: 'Now sharing using:' and the pages modal, the caption
 * editor with its `current/max` counter, the link preview, and the share bar: Add to Queue, the
 * schedule picker ('Modify Date and Time' once the network has a queued share) and Share Now
 * with its states.
 * A blocked network offers 'Link', which runs the link flow and comes back here with the caption.
 */
export function NetworkPanel(props: {
  post: Post;
  metadata: PostMetadataResponse;
  network: NetworkMetadata;
  draft: Draft;
  channelId: number;
  onDraftChange: (draft: Draft) => void;
  onShared: () => void;
}): JSX.Element {
  const { post, metadata, network, draft } = props;
  const { t, i18n } = useTranslation(['share']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const name = NETWORK_NAMES[network.networkId];
  const slug = SHAREABLE_NETWORK_SLUGS[network.networkId];
  const { onDraftChange, onShared } = props;
  // A shared caption is spent: closing afterwards has nothing to lose.
  const handleShared = useCallback(() => {
    onDraftChange({ ...draft, saved: draft.content, savedMentions: draft.mentions });
    onShared();
  }, [draft, onDraftChange, onShared]);
  const flow = useShareNow({ post, network, channelId: props.channelId, onShared: handleShared });
  const snippet = usePostSnippet(post.id);
  const links = useSocialLinks();
  const [image, setImage] = useState<string | null>(null);
  // The empty-caption question, and what goes on after 'Share Anyway' or 'Queue Anyway'.
  const [askingEmpty, setAskingEmpty] = useState<{ action: 'share' | 'queue'; run: () => void } | null>(null);
  const [choosingPage, setChoosingPage] = useState(false);
  const [savingPage, setSavingPage] = useState(false);
  const [saving, setSaving] = useState(false);
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState(false);
  const queue = useQueueShare({ post, network, channelId: props.channelId });

  const count = captionLength(slug, draft.content, {
    // X appends the post's link (the person's tracked link where there is one).
    url: slug === 'twitter' ? (metadata.tracked_url ?? metadata.url) : null,
    hashtagsString: network.hashtags,
    mentions: draft.mentions,
  });
  const blocked = !metadata.sharing_enabled ? 'library' : network.blocked;
  const pageNetwork = pageNetworkOf(network);
  const link = links.data?.[slug];
  const linked = isLinkedNetwork(link) ? link : null;
  const captionId = `share-caption-${network.networkId}`;
  const phase = flow.phase;
  const toggles = useConfigInfo()?.feature_toggles;
  const user = useCurrentUser();
  const compliance = useComplianceCheck({ enabled: toggles?.compliance_enabled === true, postId: post.id, networkId: network.networkId, content: draft.content });
  const aiOffered =
    toggles !== undefined && user !== undefined && aiCaptionRefusal({ userAiEnabled: toggles.user_ai_enabled, ai: user.user_settings.ai, postType: post.type, editable: metadata.editable }) === null;
  const shareDisabled = blocked !== null || !network.canShare || count.over || !compliance.valid || !canPressShare(phase);
  const queueDisabled = blocked !== null || !network.canQueue || count.over || !compliance.valid || phase.kind !== 'idle' || queue.pending;
  const queuedAt = network.deferredPostId !== null && network.deferredPostDate !== null ? new Date(network.deferredPostDate) : null;
  const zone = personTimeZone(user?.timezone);

  const handleCaptionChange = (content: string): void => {
    props.onDraftChange({ ...draft, content, mentions: reconcileMentions(content, draft.mentions) });
  };

  const handleMention = (mention: Mention): void => {
    // The name goes at the end of the caption, after a space.
    const content = draft.content === '' || /\s$/.test(draft.content) ? draft.content : `${draft.content} `;
    const next = insertMention({ content, mentions: draft.mentions }, mention, content.length);
    props.onDraftChange({ ...draft, content: next.content, mentions: next.mentions });
  };

  const handleAiCaption = (offered: string): void => {
    // The offer goes in with the post's hashtags, as the box shows every caption.
    const caption = withHashtags(offered, network.hashtags);
    props.onDraftChange({ ...draft, content: caption, mentions: reconcileMentions(caption, draft.mentions), aiOffered: caption });
  };

  const shareInput = () => ({
    content: draft.content,
    mentions: draft.mentions,
    snippet: snippetChoice(snippet.data, image ?? snippet.data?.image ?? null),
    ai: draft.aiOffered === undefined ? null : { efficacy: aiEfficacy(draft.aiOffered, draft.content) },
  });

  const runShare = (): void => {
    flow.share(shareInput());
  };

  const handleQueue = (): void => {
    if (!queueDisabled) askFirst('queue', () => queue.queue(shareInput()));
  };

  const handleSchedule = (at: Date): void => {
    if (queuedAt === null) queue.schedule(shareInput(), at, () => setPicking(false));
    else queue.reschedule(at, () => setPicking(false));
  };

  const askFirst = (action: 'share' | 'queue', run: () => void): void => {
    if (asksEmptyCaption(draft.content, localStore.get(EMPTY_CAPTION_OPT_OUT_KEY) === '1', network.hashtags)) setAskingEmpty({ action, run });
    else run();
  };

  const handleShare = (): void => {
    if (!shareDisabled) askFirst('share', runShare);
  };

  const handleShareAnyway = (optOut: boolean): void => {
    if (optOut) localStore.set(EMPTY_CAPTION_OPT_OUT_KEY, '1');
    setAskingEmpty(null);
    askingEmpty?.run();
  };

  const handleWriteCaption = (): void => {
    setAskingEmpty(null);
    // The dialog gives focus back to Share Now; the person asked for the editor.
    window.setTimeout(() => document.getElementById(captionId)?.focus(), 0);
  };

  const handleSave = (): void => {
    setSaving(true);
    saveDraft({ post_id: post.id, network_id: network.networkId, content: draft.content, mentions: draft.mentions })
      .then((saved) => {
        props.onDraftChange({ content: saved.content, mentions: saved.mentions, saved: saved.content, savedMentions: saved.mentions });
        notify.success(t('share:modal.draftSaved'));
      })
      .catch((error: unknown) => notify.failure(error))
      .finally(() => setSaving(false));
  };

  const handleLink = (): void => {
    setLinking(true);
    linkForShare(slug, postShareResumePath(slug, post.id, draft.content, draft.mentions))
      .then(({ url }) => {
        // The server builds this url from its own origin; only same-site urls are followed.
        if (new URL(url, window.location.href).origin === window.location.origin) window.location.assign(url);
        else setLinking(false);
      })
      .catch((error: unknown) => {
        setLinking(false);
        notify.failure(error);
      });
  };

  const handleChoosePage = (pageId: string | null): void => {
    if (pageNetwork === null) return;
    setSavingPage(true);
    postAsPage(pageNetwork, pageId)
      .then(() => {
        setChoosingPage(false);
        notify.success(t('share:pages.saved'));
        void queryClient.invalidateQueries({ queryKey: queryKeys.social.networks() });
        return queryClient.invalidateQueries({ queryKey: queryKeys.share.metadata(post.id) });
      })
      .catch((error: unknown) => notify.failure(error))
      .finally(() => setSavingPage(false));
  };

  const blockedMessage =
    blocked === 'library'
      ? t('share:modal.sharingDisabled')
      : blocked === 'unlinked'
        ? t('share:modal.blockedUnlinked', { network: name })
        : blocked === 'inactive'
          ? t('share:modal.blockedInactive', { network: name })
          : blocked === 'disabled'
            ? t('share:modal.blockedDisabled', { network: name })
            : null;

  return (
    <div className={styles.panel}>
      {blockedMessage ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{blockedMessage}</MessageBarBody>
          {blocked === 'unlinked' || blocked === 'inactive' ? (
            <Button appearance="primary" className={styles.linkButton} disabled={linking} onClick={handleLink} aria-label={t('share:modal.linkNetwork', { network: name })}>
              {t('share:modal.link')}
            </Button>
          ) : null}
        </MessageBar>
      ) : null}

      {pageNetwork && blocked === null ? (
        <div className={styles.account}>
          <Text>{t('share:modal.nowSharingUsing')}</Text>
          <Text weight="semibold">{network.page?.name ?? t('share:modal.personalAccount')}</Text>
          {linked && linked.pages.length > 0 ? (
            <Button size="small" onClick={() => setChoosingPage(true)}>
              {t('share:modal.changeAccount')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {network.shared && flow.done === null ? <Text size={200}>{t('share:modal.alreadyShared', { network: name })}</Text> : null}

      <Field
        label={t('share:modal.captionLabel', { network: name })}
        validationState={count.over ? 'error' : 'none'}
        validationMessage={count.over ? t('share:modal.overLimit') : undefined}
        hint={metadata.editable ? undefined : t('share:modal.notEditable')}
      >
        <Textarea
          id={captionId}
          className={styles.caption}
          resize="vertical"
          rows={5}
          value={draft.content}
          readOnly={!metadata.editable}
          placeholder={t('share:modal.placeholder', { network: name })}
          onChange={(_, data) => handleCaptionChange(data.value)}
        />
      </Field>
      <ComplianceNotice content={draft.content} result={compliance.result} />
      {metadata.editable && network.networkId === Network.LINKEDIN ? <MentionPicker networkId={network.networkId} onPick={handleMention} /> : null}
      {aiOffered && user !== undefined ? (
        <AiCaptionHelper postId={post.id} networkId={network.networkId} title={post.title} caption={draft.content} defaultTone={user.user_settings.ai.default_tone} onCaption={handleAiCaption} />
      ) : null}
      <div className={styles.counterRow}>
        <CaptionCounter network={slug} length={count.length} max={count.max} over={count.over} />
        {metadata.editable ? (
          <Button size="small" disabled={saving || draft.content === draft.saved} onClick={handleSave}>
            {t('share:modal.saveDraft')}
          </Button>
        ) : null}
      </div>

      <SnippetPreview post={post} image={image} onImageChange={setImage} />

      {phase.kind === 'unconfirmed' ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t('share:modal.unconfirmed', { network: name })}</MessageBarBody>
        </MessageBar>
      ) : null}

      {phase.kind === 'intent' ? (
        <section className={styles.intent} aria-label={t('share:intent.title', { network: name })}>
          <Text weight="semibold">{t('share:intent.title', { network: name })}</Text>
          <Text>{t('share:intent.body', { network: name })}</Text>
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{t('share:intent.leaving')}</MessageBarBody>
          </MessageBar>
          <div className={styles.actions}>
            <Button appearance="primary" onClick={flow.confirmIntent}>
              {t('share:intent.confirm')}
            </Button>
            <Button onClick={flow.reopenIntent}>{t('share:intent.reopen', { network: name })}</Button>
            <Button appearance="subtle" onClick={flow.cancelIntent}>
              {t('share:intent.cancel')}
            </Button>
          </div>
        </section>
      ) : null}

      {flow.done ? (
        <div className={styles.success} role="status">
          <Checkmark20Regular aria-hidden="true" />
          <Text weight="semibold">{t('share:modal.successTitle')}</Text>
          {flow.done.socialLink ? (
            <Link href={flow.done.socialLink} target="_blank" rel="noopener noreferrer">
              {t('share:modal.viewShare', { network: name })}
            </Link>
          ) : null}
        </div>
      ) : null}

      {queuedAt !== null ? <Text size={200}>{t('share:modal.queuedFor', { network: name, date: formatShareTime(queuedAt.toISOString(), zone, i18n.language) })}</Text> : null}

      <div className={styles.shareBar}>
        <Button icon={queue.pending ? <Spinner size="tiny" /> : <Clock20Regular />} disabled={queueDisabled} onClick={handleQueue}>
          {t('share:modal.addToQueue')}
        </Button>
        {queuedAt === null ? (
          <Button icon={<CalendarClock20Regular />} disabled={queueDisabled} onClick={() => askFirst('queue', () => setPicking(true))}>
            {t('share:modal.selectDateTime')}
          </Button>
        ) : (
          <Button icon={<CalendarClock20Regular />} disabled={blocked !== null || queue.pending} onClick={() => setPicking(true)}>
            {t('share:schedule.modifyTitle')}
          </Button>
        )}
        <ShareNowButton phase={phase.kind} networkName={name} disabled={shareDisabled} onShare={handleShare} />
      </div>

      {post.url ? (
        <Link href={post.url} target="_blank" rel="noopener noreferrer" className={styles.readPost}>
          {t('share:modal.goToReadPost')} <Open16Regular aria-hidden="true" />
        </Link>
      ) : null}

      {picking ? (
        <SchedulePicker
          mode={queuedAt === null ? 'schedule' : 'reschedule'}
          initial={queuedAt ?? defaultScheduleSlot(user?.user_settings.post_queue[slug], new Date(), zone)}
          firstDate={firstScheduleDate(new Date(), zone)}
          zone={zone}
          pending={queue.pending}
          onSubmit={handleSchedule}
          onCancel={() => setPicking(false)}
        />
      ) : null}
      {askingEmpty ? <EmptyCaptionDialog action={askingEmpty.action} onContinue={handleShareAnyway} onWrite={handleWriteCaption} /> : null}
      {choosingPage && linked ? (
        <PageChoiceDialog pages={linked.pages} current={linked.page_id} pending={savingPage} onChoose={handleChoosePage} onCancel={() => setChoosingPage(false)} />
      ) : null}
    </div>
  );
}

/** Share Now and its states: loading, success, processing-on-network, queued-on-network. */
function ShareNowButton(props: { phase: string; networkName: string; disabled: boolean; onShare: () => void }): JSX.Element {
  const { t } = useTranslation(['share']);
  switch (props.phase) {
    case 'loading':
      return (
        <Button appearance="primary" disabledFocusable icon={<Spinner size="tiny" />}>
          {t('share:modal.sharing')}
        </Button>
      );
    case 'success':
      return (
        <Button appearance="primary" disabledFocusable icon={<Checkmark20Regular />}>
          {t('share:modal.shared')}
        </Button>
      );
    case 'processing':
      return (
        <Button appearance="primary" disabledFocusable icon={<Spinner size="tiny" />}>
          {t('share:modal.processing', { network: props.networkName })}
        </Button>
      );
    case 'queued':
      return (
        <Button appearance="primary" disabledFocusable icon={<Clock20Regular />}>
          {t('share:modal.queued', { network: props.networkName })}
        </Button>
      );
    default:
      return (
        <Button appearance="primary" disabled={props.disabled} onClick={props.onShare}>
          {t('share:modal.shareNow')}
        </Button>
      );
  }
}
