import { useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, JSX, ReactNode } from 'react';
import { Button, Card, Checkbox, Field, Input, MessageBar, MessageBarBody, Option, Dropdown, Switch, Text, Textarea, Title2 } from '@fluentui/react-components';
import { ArrowUpload20Regular, Dismiss16Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  can,
  ErrorCode,
  isApiError,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
  POST_IMAGES_MAX,
  POST_HASHTAGS_MAX,
  POST_TEXT_MAX,
  POST_TITLE_MAX,
  POST_TOPICS_MAX,
  type AdminPost,
  type AdminPostAction,
  type Topic,
} from '@chorus/core';
import { captionLength } from '@chorus/core/caption-length';
import { postDraftProblems, startingCaption, type AdminPostField } from '@chorus/core/post-draft';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useAdminPostAction, usePreviewPostLink, useSaveAdminPost, useUploadPostImage } from '../api/admin-posts.ts';
import { emptyForm, formOf, inputOf, sameForm, type PostForm } from '../draft.ts';
import styles from './admin-posts.module.css';

/** The limit each problem names, for its message. */
const PROBLEM_LIMITS: Partial<Record<string, number>> = {
  titleLong: POST_TITLE_MAX,
  contentLong: POST_TEXT_MAX,
  hashtagsMany: POST_HASHTAGS_MAX,
  imagesMany: POST_IMAGES_MAX,
  topicsMany: POST_TOPICS_MAX,
};

const NETWORKS = ['twitter', 'facebook', 'linkedin'] as const;

/** The actions a post's state offers, besides saving. */
function actionsFor(post: AdminPost | null): AdminPostAction[] {
  if (post === null) return [];
  switch (post.state) {
    case 'draft':
    case 'unpublished':
      return ['publish', 'delete'];
    case 'scheduled':
    case 'live':
      return ['unpublish', 'expire', 'delete'];
    case 'expired':
      return ['unpublish', 'delete'];
    case 'deleted':
      return ['restore'];
  }
}

/**
 * The post editor (`/admin/posts/new`, `/admin/posts/:id`): title, text, hashtags, link with its
 * preview, images, topics, networks, switches, start and expiry, a suggested caption per network
 * with its counter, and a live preview of the member's card (from the app layer). Each problem of
 * core's `postDraftProblems` shows next to its field once a save was tried, and the server's
 * answers (a link that does not open, an image it cannot read) show the same way.
 */
export function PostEditor(props: { role: number; saved: AdminPost | null; topics: readonly Topic[]; preview: (form: PostForm) => ReactNode }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const notify = useNotify();
  const navigate = useNavigate();
  const initial = useMemo(() => (props.saved === null ? emptyForm() : formOf(props.saved)), [props.saved]);
  const [form, setForm] = useState<PostForm>(initial);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<AdminPostField, string>>>({});
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const save = useSaveAdminPost();
  const action = useAdminPostAction();
  const upload = useUploadPostImage();
  const linkPreview = usePreviewPostLink();
  const fileInput = useRef<HTMLInputElement>(null);
  const changed = !sameForm(form, initial);
  const leaveGuard = useLeaveGuard(changed && !save.isPending);
  const input = inputOf(form);
  const problems = postDraftProblems(input);
  const mayPublish = can(props.role, 'posts.publish');

  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]): void => {
    setForm((current) => ({ ...current, [key]: value }));
    setServerProblems({});
  };

  const problemOf = (field: AdminPostField): string | undefined => {
    const server = serverProblems[field];
    if (server !== undefined) return server;
    if (!tried) return undefined;
    const found = problems.find((problem) => problem.field === field);
    return found === undefined ? undefined : t(`screens:adminPosts.problem.${found.problem}`, { max: PROBLEM_LIMITS[found.problem] });
  };
  const fieldState = (field: AdminPostField) => {
    const message = problemOf(field);
    return message === undefined ? {} : { validationState: 'error' as const, validationMessage: message };
  };

  const onSaveFailed = (error: unknown): void => {
    if (isApiError(error) && error.code === ErrorCode.LINK_UNREACHABLE) {
      setServerProblems({ url: errorText(t, error) });
      return;
    }
    if (isApiError(error) && error.code === ErrorCode.MISSING_OR_INCORRECT && error.issues.length > 0) {
      const found: Partial<Record<AdminPostField, string>> = {};
      for (const issue of error.issues) found[issue.path as AdminPostField] = t(`screens:adminPosts.problem.${issue.message}`, { max: PROBLEM_LIMITS[issue.message], defaultValue: errorText(t, error) });
      setServerProblems(found);
      return;
    }
    notify.failure(error);
  };

  const submit = async (publish: boolean): Promise<void> => {
    setTried(true);
    if (problems.length > 0) return;
    try {
      const saved = await save.mutateAsync({ id: props.saved?.id ?? null, input });
      if (publish) await action.mutateAsync({ action: 'publish', ids: [saved.id] });
      notify.success(t(publish ? 'screens:adminPosts.editor.published' : 'screens:adminPosts.editor.saved'));
      setForm(formOf(saved));
      setTried(false);
      if (props.saved === null) void navigate(`/admin/posts/${saved.id}`, { replace: true });
    } catch (error) {
      onSaveFailed(error);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void submit(false);
  };

  const runAction = async (chosen: AdminPostAction): Promise<void> => {
    if (props.saved === null) return;
    try {
      await action.mutateAsync({ action: chosen, ids: [props.saved.id] });
      notify.success(t(`screens:adminPosts.editor.done.${chosen}`));
    } catch (error) {
      notify.failure(error);
    }
  };

  const addImages = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setUploadProblem(null);
    for (const file of files) {
      if (form.images.length >= POST_IMAGES_MAX) {
        setUploadProblem(t('screens:adminPosts.problem.imagesMany', { max: POST_IMAGES_MAX }));
        return;
      }
      if (file.size > POST_IMAGE_MAX_BYTES) {
        setUploadProblem(t('errors:code.486', { name: file.name }));
        return;
      }
      try {
        const image = await upload.mutateAsync(file);
        setForm((current) => ({ ...current, images: [...current.images, image] }));
      } catch (error) {
        setUploadProblem(`${file.name}: ${errorText(t, error)}`);
        return;
      }
    }
  };

  const readPreview = async (): Promise<void> => {
    const url = form.url.trim();
    if (url === '') return;
    try {
      const attachment = await linkPreview.mutateAsync(url);
      setForm((current) => ({ ...current, attachment }));
      setServerProblems({});
    } catch (error) {
      setServerProblems({ url: errorText(t, error) });
    }
  };

  const internal = !form.networks.twitter && !form.networks.facebook && !form.networks.linkedin;
  const heading = props.saved === null ? t('screens:adminPosts.editor.newTitle') : t('screens:adminPosts.editor.editTitle');
  const busy = save.isPending || action.isPending;

  return (
    <div className={styles.page}>
      <div className={styles.headerRow}>
        <Title2 as="h1">{heading}</Title2>
        <RouterButtonLink to="/admin/posts">{t('screens:adminPosts.editor.back')}</RouterButtonLink>
      </div>
      {props.saved !== null ? (
        <Text as="p">{t('screens:adminPosts.editor.stateIs', { state: t(`screens:adminPosts.state.${props.saved.state}`) })}</Text>
      ) : null}
      <div className={styles.editorColumns}>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={heading}>
          <Card className={styles.card}>
            <Field label={t('screens:adminPosts.field.title')} required {...fieldState('title')}>
              <Input value={form.title} onChange={(_, data) => set('title', data.value)} />
            </Field>
            <Field label={t('screens:adminPosts.field.content')} {...fieldState('content')}>
              <Textarea value={form.content} resize="vertical" rows={5} onChange={(_, data) => set('content', data.value)} />
            </Field>
            <Field label={t('screens:adminPosts.field.hashtags')} hint={t('screens:adminPosts.field.hashtagsHint')} {...fieldState('hashtags')}>
              <Input value={form.hashtags} onChange={(_, data) => set('hashtags', data.value)} />
            </Field>
            <Field label={t('screens:adminPosts.field.url')} hint={t('screens:adminPosts.field.urlHint')} {...fieldState('url')}>
              <Input
                type="url"
                value={form.url}
                onChange={(_, data) => {
                  set('url', data.value);
                  setForm((current) => ({ ...current, url: data.value, attachment: null }));
                }}
                onBlur={() => void readPreview()}
              />
            </Field>
            <div className={styles.row}>
              <Button onClick={() => void readPreview()} disabled={form.url.trim() === '' || linkPreview.isPending}>
                {linkPreview.isPending ? t('screens:adminPosts.field.previewing') : t('screens:adminPosts.field.previewLink')}
              </Button>
              {form.attachment !== null ? <Text>{form.attachment.object.title ?? form.attachment.object.domain}</Text> : null}
            </div>
          </Card>

          <Card className={styles.card}>
            <Text as="h2" weight="semibold" size={400}>
              {t('screens:adminPosts.field.images')}
            </Text>
            <Text as="p" size={200}>
              {t('screens:adminPosts.field.imagesHint', { count: POST_IMAGES_MAX })}
            </Text>
            {form.images.length > 0 ? (
              <ul className={styles.images}>
                {form.images.map((image, index) => (
                  <li key={image.original} className={styles.image}>
                    <img src={image.thumb} alt={t('screens:adminPosts.field.imageAlt', { n: index + 1 })} />
                    <Button
                      size="small"
                      icon={<Dismiss16Regular />}
                      aria-label={t('screens:adminPosts.field.removeImage', { n: index + 1 })}
                      onClick={() => set('images', form.images.filter((_, i) => i !== index))}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <input ref={fileInput} type="file" accept={POST_IMAGE_TYPES.join(',')} multiple hidden onChange={(event) => void addImages(event)} />
            <div className={styles.row}>
              <Button icon={<ArrowUpload20Regular />} onClick={() => fileInput.current?.click()} disabled={upload.isPending || form.images.length >= POST_IMAGES_MAX}>
                {upload.isPending ? t('screens:adminPosts.field.uploading') : t('screens:adminPosts.field.addImages')}
              </Button>
            </div>
            {uploadProblem !== null || problemOf('images') !== undefined ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{uploadProblem ?? problemOf('images')}</MessageBarBody>
              </MessageBar>
            ) : null}
          </Card>

          <Card className={styles.card}>
            <Field label={t('screens:adminPosts.field.topics')} hint={t('screens:adminPosts.field.topicsHint')} {...fieldState('topic_ids')}>
              <Dropdown
                multiselect
                selectedOptions={form.topicIds.map(String)}
                value={form.topicIds.map((id) => props.topics.find((topic) => topic.id === id)?.name ?? '').filter((name) => name !== '').join(', ')}
                placeholder={t('screens:adminPosts.field.topicsNone')}
                onOptionSelect={(_, data) => {
                  const chosen = data.selectedOptions.map(Number);
                  // Keeps the order topics were picked in: the first stays the main topic.
                  set('topicIds', [...form.topicIds.filter((id) => chosen.includes(id)), ...chosen.filter((id) => !form.topicIds.includes(id))]);
                }}
              >
                {props.topics.map((topic) => (
                  <Option key={topic.id} value={String(topic.id)}>
                    {topic.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <fieldset className={styles.fieldset}>
              <legend>{t('screens:adminPosts.field.networks')}</legend>
              {NETWORKS.map((network) => (
                <Checkbox
                  key={network}
                  label={t(`screens:adminPosts.network.${network}`)}
                  checked={form.networks[network]}
                  onChange={(_, data) => set('networks', { ...form.networks, [network]: data.checked === true })}
                />
              ))}
              {internal ? <Text size={200}>{t('screens:adminPosts.field.internal')}</Text> : null}
            </fieldset>
            <Switch label={t('screens:adminPosts.field.featured')} checked={form.featured} onChange={(_, data) => set('featured', data.checked)} />
            <Switch label={t('screens:adminPosts.field.reactions')} checked={form.reactions} onChange={(_, data) => set('reactions', data.checked)} />
            <Switch label={t('screens:adminPosts.field.comments')} checked={form.comments} onChange={(_, data) => set('comments', data.checked)} />
            <div className={styles.dates}>
              <Field label={t('screens:adminPosts.field.start')} hint={t('screens:adminPosts.field.startHint')}>
                <Input type="datetime-local" value={form.start} onChange={(_, data) => set('start', data.value)} />
              </Field>
              <Field label={t('screens:adminPosts.field.expiration')} hint={t('screens:adminPosts.field.expirationHint')} {...fieldState('expiration')}>
                <Input type="datetime-local" value={form.expiration} onChange={(_, data) => set('expiration', data.value)} />
              </Field>
            </div>
          </Card>

          <Card className={styles.card}>
            <Text as="h2" weight="semibold" size={400}>
              {t('screens:adminPosts.field.captions')}
            </Text>
            <Text as="p" size={200}>
              {t('screens:adminPosts.field.captionsHint')}
            </Text>
            {NETWORKS.map((network) => {
              const caption = startingCaption(input, network);
              const counted = network === 'facebook' ? null : captionLength(network, caption, { url: network === 'twitter' ? input.url : null });
              return (
                <Field
                  key={network}
                  label={t('screens:adminPosts.field.caption', { network: t(`screens:adminPosts.network.${network}`) })}
                  hint={counted === null ? undefined : t('screens:adminPosts.field.counter', { length: counted.length, max: counted.max })}
                  {...fieldState(`captions.${network}`)}
                >
                  <Textarea
                    value={form.captions[network]}
                    placeholder={caption}
                    resize="vertical"
                    onChange={(_, data) => set('captions', { ...form.captions, [network]: data.value })}
                  />
                </Field>
              );
            })}
          </Card>

          {tried && problems.length > 0 ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{t('screens:adminPosts.editor.fixProblems')}</MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.row}>
            <Button type="submit" appearance={mayPublish && props.saved?.state !== 'live' ? 'secondary' : 'primary'} disabled={busy || props.saved?.state === 'deleted'}>
              {props.saved === null || props.saved.state === 'draft' ? t('screens:adminPosts.editor.saveDraft') : t('screens:adminPosts.editor.save')}
            </Button>
            {mayPublish && (props.saved === null || props.saved.state === 'draft' || props.saved.state === 'unpublished') ? (
              <Button appearance="primary" disabled={busy} onClick={() => void submit(true)}>
                {t('screens:adminPosts.editor.publish')}
              </Button>
            ) : null}
            {mayPublish
              ? actionsFor(props.saved)
                  .filter((chosen) => chosen !== 'publish')
                  .map((chosen) =>
                    chosen === 'delete' ? (
                      <ConfirmAction
                        key={chosen}
                        label={t('screens:adminPosts.action.delete')}
                        title={t('screens:adminPosts.editor.deleteTitle')}
                        body={t('screens:adminPosts.editor.deleteBody')}
                        confirmLabel={t('screens:adminPosts.action.delete')}
                        disabled={busy}
                        onConfirm={() => void runAction('delete')}
                      />
                    ) : (
                      <Button key={chosen} disabled={busy} onClick={() => void runAction(chosen)}>
                        {t(`screens:adminPosts.action.${chosen}`)}
                      </Button>
                    ),
                  )
              : null}
          </div>
        </form>
        <aside className={styles.preview} aria-label={t('screens:adminPosts.editor.preview')}>
          <Text as="h2" weight="semibold" size={400}>
            {t('screens:adminPosts.editor.preview')}
          </Text>
          <Text as="p" size={200}>
            {t('screens:adminPosts.editor.previewHint')}
          </Text>
          {props.preview(form)}
        </aside>
      </div>
      <LeaveDialog open={leaveGuard.held} body={t('screens:adminPosts.editor.leaveBody')} onLeave={leaveGuard.leave} onStay={leaveGuard.stay} />
    </div>
  );
}
