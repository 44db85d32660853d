import { useId, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import {
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Tab,
  TabList,
  Text,
  Textarea,
  Title2,
} from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isApiError, SUGGESTION_NOTE_MAX, SUGGESTION_REJECT_REASONS, type AdminSuggestion, type SuggestionRejectReason } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { dateTimeFormat } from '../../../lib/date-format.ts';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useApproveSuggestion, useRejectSuggestion, useSuggestedLinkPreview, useSuggestions } from '../api/suggestions.ts';
import styles from './suggestion-queue.module.css';

type QueueState = 'pending' | 'rejected';

/** The suggested link, with the preview members would see when it opens. */
function SuggestedLink(props: { url: string }): JSX.Element {
  const preview = useSuggestedLinkPreview(props.url);
  const object = preview.data?.object;
  return (
    <div className={styles.link}>
      {object?.image ? <img src={object.image} alt="" className={styles.linkImage} /> : null}
      <div className={styles.linkText}>
        {object?.title ? (
          <Text weight="semibold" block>
            {object.title}
          </Text>
        ) : null}
        {object?.description ? (
          <Text size={200} block>
            {object.description}
          </Text>
        ) : null}
        <a href={props.url} target="_blank" rel="noopener noreferrer" className={styles.url}>
          {props.url}
        </a>
      </div>
    </div>
  );
}

/** Asks for the reason (and an optional note the member reads) before rejecting. */
function RejectDialog(props: { suggestion: AdminSuggestion | null; onClose: () => void }): JSX.Element {
  const { t } = useTranslation(['screens', 'errors']);
  const notify = useNotify();
  const reject = useRejectSuggestion();
  const [reason, setReason] = useState<SuggestionRejectReason>('generic');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const tooLong = note.trim().length > SUGGESTION_NOTE_MAX;
  const close = (): void => {
    setReason('generic');
    setNote('');
    setFailure(null);
    reject.reset();
    props.onClose();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (props.suggestion === null || tooLong) return;
    const { id, title } = props.suggestion;
    reject.mutate(
      { id, input: { reason, note: note.trim() === '' ? null : note.trim() } },
      {
        onSuccess: () => {
          notify.success(t('screens:adminSuggestions.rejected', { title }));
          close();
        },
        onError: (error) => {
          if (isApiError(error, ErrorCode.SUGGESTION_REVIEWED)) {
            notify.failure(error);
            close();
            return;
          }
          setFailure(errorText(t, error));
        },
      },
    );
  };
  return (
    <Dialog open={props.suggestion !== null} onOpenChange={(_event, data) => (data.open ? undefined : close())}>
      <DialogSurface>
        <form onSubmit={handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('screens:adminSuggestions.rejectTitle')}</DialogTitle>
            <DialogContent className={styles.dialog}>
              <Text as="p">{t('screens:adminSuggestions.rejectBody', { title: props.suggestion?.title ?? '' })}</Text>
              <Field label={t('screens:adminSuggestions.reasonLabel')} id={reasonId}>
                <RadioGroup value={reason} onChange={(_event, data) => setReason(SUGGESTION_REJECT_REASONS.find((value) => value === data.value) ?? 'generic')}>
                  {SUGGESTION_REJECT_REASONS.map((value) => (
                    <Radio key={value} value={value} label={t(`screens:adminSuggestions.reason.${value}`)} />
                  ))}
                </RadioGroup>
              </Field>
              <Field
                label={t('screens:adminSuggestions.noteLabel')}
                hint={t('screens:adminSuggestions.noteHint', { count: note.trim().length, max: SUGGESTION_NOTE_MAX })}
                validationState={tooLong ? 'error' : 'none'}
                validationMessage={tooLong ? t('screens:adminSuggestions.noteLong', { max: SUGGESTION_NOTE_MAX }) : undefined}
              >
                <Textarea value={note} resize="vertical" onChange={(_event, data) => setNote(data.value)} />
              </Field>
              {failure !== null ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={close}>
                {t('screens:adminSuggestions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={reject.isPending || tooLong}>
                {reject.isPending ? t('screens:adminSuggestions.rejecting') : t('screens:adminSuggestions.reject')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** One suggestion: who suggested it and when, its text, link and images, and the decision (or the buttons to make it). */
function SuggestionCard(props: { suggestion: AdminSuggestion; onReject: (suggestion: AdminSuggestion) => void }): JSX.Element {
  const { t, i18n } = useTranslation(['screens', 'errors']);
  const navigate = useNavigate();
  const notify = useNotify();
  const approve = useApproveSuggestion();
  const headingId = useId();
  const { suggestion } = props;
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const by = suggestion.suggested_by?.name || t('screens:adminSuggestions.formerMember');
  // The title is the text's first line (commands/suggest-content.ts): the card shows the rest below it.
  const text = suggestion.content.trim();
  const body = text.startsWith(suggestion.title) ? text.slice(suggestion.title.length).trim() : text;
  const handleApprove = (): void => {
    approve.mutate(suggestion.id, {
      onSuccess: ({ post_id }) => {
        notify.success(t('screens:adminSuggestions.approved', { title: suggestion.title }));
        void navigate(`/admin/posts/${post_id}`);
      },
      onError: (error) => notify.failure(error),
    });
  };
  return (
    <li className={styles.item}>
      <Card className={styles.card} aria-labelledby={headingId}>
        <Text size={200} className={styles.meta}>
          {t('screens:adminSuggestions.suggestedBy', { name: by })} · <time dateTime={suggestion.created}>{when.format(new Date(suggestion.created))}</time>
        </Text>
        <Text as="h3" id={headingId} size={400} weight="semibold" className={styles.title}>
          {suggestion.title}
        </Text>
        {body !== '' ? (
          <Text as="p" className={styles.content}>
            {body}
          </Text>
        ) : null}
        {suggestion.url !== null ? <SuggestedLink url={suggestion.url} /> : null}
        {suggestion.images.length > 0 ? (
          <ul className={styles.images} aria-label={t('screens:adminSuggestions.images', { count: suggestion.images.length })}>
            {suggestion.images.map((image, index) => (
              <li key={image.original}>
                <img src={image.thumb} alt={t('screens:adminSuggestions.imageAlt', { n: index + 1 })} />
              </li>
            ))}
          </ul>
        ) : null}
        {suggestion.review !== null && suggestion.state === 'rejected' ? (
          <div className={styles.review}>
            <Text size={200} block>
              {t('screens:adminSuggestions.rejectedBy', {
                name: suggestion.review.by?.name || t('screens:adminSuggestions.formerMember'),
                date: when.format(new Date(suggestion.review.at)),
              })}
            </Text>
            {suggestion.review.reason !== null ? <Text block>{t(`screens:adminSuggestions.reason.${suggestion.review.reason}`)}</Text> : null}
            {suggestion.review.note !== null ? (
              <Text block italic>
                {t('screens:adminSuggestions.noteShown', { note: suggestion.review.note })}
              </Text>
            ) : null}
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button appearance="primary" onClick={handleApprove} disabled={approve.isPending} aria-describedby={headingId}>
            {suggestion.state === 'rejected' ? t('screens:adminSuggestions.approveAfterAll') : t('screens:adminSuggestions.approve')}
          </Button>
          {suggestion.state === 'pending' ? (
            <Button onClick={() => props.onReject(suggestion)} disabled={approve.isPending} aria-describedby={headingId}>
              {t('screens:adminSuggestions.rejectButton')}
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

/**
 * The admin console's suggestions queue (`/admin/suggestions`, content creators up): members'
 * suggestions oldest first, each approved into a draft (opened in the posts editor, to edit and
 * publish) or rejected with a reason and a note the member reads; the rejected ones on their own
 * tab, where one can still be approved after all.
 */
export function SuggestionQueue(): JSX.Element {
  const { t } = useTranslation(['screens', 'errors']);
  const [state, setState] = useState<QueueState>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminSuggestion | null>(null);
  const queue = useSuggestions({ state, page_num: page });
  const listId = useId();
  const pages = Math.max(1, queue.data?.total_pages ?? 1);
  const items = queue.data?.objects ?? [];
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('screens:adminSuggestions.title')}</Title2>
      <Text as="p">{t('screens:adminSuggestions.intro')}</Text>
      <TabList
        selectedValue={state}
        onTabSelect={(_event, data) => {
          setState(data.value === 'rejected' ? 'rejected' : 'pending');
          setPage(1);
        }}
        aria-label={t('screens:adminSuggestions.tabs')}
      >
        <Tab value="pending">{t('screens:adminSuggestions.tab.pending')}</Tab>
        <Tab value="rejected">{t('screens:adminSuggestions.tab.rejected')}</Tab>
      </TabList>
      {queue.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorText(t, queue.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {queue.isPending ? (
        <Spinner label={t('screens:adminSuggestions.loading')} />
      ) : queue.data !== undefined ? (
        <section className={styles.results} aria-labelledby={listId} aria-busy={queue.isFetching}>
          <Text as="h2" id={listId} size={400} weight="semibold" aria-live="polite">
            {t(state === 'pending' ? 'screens:adminSuggestions.pendingCount' : 'screens:adminSuggestions.rejectedCount', { count: queue.data.num_results })}
          </Text>
          {items.length === 0 ? (
            <Text as="p" italic>
              {state === 'pending' ? t('screens:adminSuggestions.emptyPending') : t('screens:adminSuggestions.emptyRejected')}
            </Text>
          ) : (
            <ul className={styles.list} aria-labelledby={listId}>
              {items.map((suggestion) => (
                <SuggestionCard key={suggestion.id} suggestion={suggestion} onReject={setRejecting} />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className={styles.pager} aria-label={t('screens:adminSuggestions.pages')}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('screens:adminAudit.previous')}
              </Button>
              <Text>{t('screens:adminAudit.page', { page, pages })}</Text>
              <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('screens:adminAudit.next')}
              </Button>
            </nav>
          ) : null}
        </section>
      ) : null}
      <RejectDialog suggestion={rejecting} onClose={() => setRejecting(null)} />
      <div>
        <RouterButtonLink to="/admin">{t('screens:adminAudit.back')}</RouterButtonLink>
      </div>
    </div>
  );
}
