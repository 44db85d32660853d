import { useId, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Avatar, Button, Field, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH, can, isEmptyComment, type Comment, type Post } from '@chorus/core';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { dateTimeFormat } from '../../../lib/date-format.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useComments, useCommentMutations, visibleComments } from '../api/comments.ts';
import styles from './comments-section.module.css';

type Mutations = ReturnType<typeof useCommentMutations>;

function CommentItem(props: { comment: Comment; canEdit: boolean; canDelete: boolean; asManager: boolean; mutations: Mutations }): JSX.Element {
  const { t, i18n } = useTranslation(['library']);
  const notify = useNotify();
  const { comment, mutations } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const created = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(comment.created));

  const handleSave = (event: FormEvent): void => {
    event.preventDefault();
    if (draft === null || isEmptyComment(draft)) return;
    mutations.edit.mutate(
      { id: comment.id, content: draft },
      { onSuccess: () => setDraft(null), onError: (error) => notify.failure(error) },
    );
  };
  const handleDelete = (): void => {
    mutations.remove.mutate(
      { id: comment.id, asManager: props.asManager },
      { onSuccess: () => notify.success(t('library:comments.deleted')), onError: (error) => notify.failure(error) },
    );
  };

  return (
    <li className={styles.comment}>
      <Avatar size={32} name={comment.user.full_name} image={comment.user.picture_images.avatar ? { src: comment.user.picture_images.avatar } : undefined} aria-hidden="true" />
      <div className={styles.commentBody}>
        <div className={styles.commentHeader}>
          <Text weight="semibold">{comment.user.full_name}</Text>
          <Text size={200} className={styles.date}>
            <time dateTime={comment.created}>{created}</time>
            {comment.edited ? ` ${t('library:comments.edited')}` : ''}
          </Text>
        </div>
        {editing ? (
          <form onSubmit={handleSave} className={styles.form}>
            <Field label={t('library:comments.editLabel')}>
              <Textarea value={draft} maxLength={COMMENT_MAX_LENGTH} onChange={(_event, data) => setDraft(data.value)} resize="vertical" />
            </Field>
            <div className={styles.buttons}>
              <Button type="submit" appearance="primary" size="small" disabled={isEmptyComment(draft) || mutations.edit.isPending}>
                {t('library:comments.save')}
              </Button>
              <Button size="small" onClick={() => setDraft(null)}>
                {t('library:comments.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Text as="p" className={styles.content}>
            {comment.content}
          </Text>
        )}
        {!editing && (props.canEdit || props.canDelete) ? (
          <div className={styles.buttons}>
            {props.canEdit ? (
              <Button appearance="transparent" size="small" onClick={() => setDraft(comment.content)}>
                {t('library:comments.edit')}
              </Button>
            ) : null}
            {props.canDelete ? (
              <ConfirmAction
                appearance="transparent"
                size="small"
                disabled={mutations.remove.isPending}
                label={t('library:comments.delete')}
                title={t('library:comments.confirmDeleteTitle')}
                body={t('library:comments.confirmDeleteBody')}
                confirmLabel={t('library:comments.delete')}
                onConfirm={handleDelete}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The comments of a post: the list (oldest first, more on request), each with '(edited)'
 * when changed, edit for the author, delete for the author and for managers and admins
 * (through the manager route), and a form that refuses empty text.
 */
export function CommentsSection(props: { post: Post }): JSX.Element {
  const { t } = useTranslation(['library']);
  const notify = useNotify();
  const headingId = useId();
  const user = useCurrentUser();
  const comments = useComments(props.post.id);
  const mutations = useCommentMutations(props.post);
  const [text, setText] = useState('');
  const isModerator = can(user?.role, 'comments.moderate');

  const handleSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (isEmptyComment(text) || mutations.add.isPending) return;
    mutations.add.mutate(text, { onSuccess: () => setText(''), onError: (error) => notify.failure(error) });
  };

  const items = visibleComments(comments.data, mutations.added);
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId} className={styles.heading}>
        {t('library:comments.heading')}
      </h3>
      {comments.isPending ? <Spinner size="small" label={t('library:comments.loading')} /> : null}
      {comments.isError ? <Text role="alert">{t('library:comments.loadFailed')}</Text> : null}
      {comments.isSuccess && items.length === 0 ? <Text>{t('library:comments.empty')}</Text> : null}
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((comment) => {
            const own = comment.user.id === user?.id;
            return (
              <CommentItem
                key={comment.id}
                comment={comment}
                canEdit={own}
                canDelete={own || isModerator}
                asManager={!own && isModerator}
                mutations={mutations}
              />
            );
          })}
        </ul>
      ) : null}
      {comments.hasNextPage ? (
        <Button appearance="secondary" size="small" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
          {t('library:comments.more')}
        </Button>
      ) : null}
      <form onSubmit={handleSubmit} className={styles.form}>
        <Field label={t('library:comments.label')}>
          <Textarea value={text} maxLength={COMMENT_MAX_LENGTH} placeholder={t('library:comments.placeholder')} onChange={(_event, data) => setText(data.value)} resize="vertical" />
        </Field>
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary" disabled={isEmptyComment(text) || mutations.add.isPending}>
            {t('library:comments.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
