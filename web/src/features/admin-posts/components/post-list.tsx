import { useState } from 'react';
import type { JSX } from 'react';
import { Badge, Button, Checkbox, Dropdown, Field, Input, Link, MessageBar, MessageBarBody, Option, Spinner, Text, Title2 } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_POST_SORTS,
  ADMIN_POST_STATES,
  can,
  type AdminPostAction,
  type AdminPostListQuery,
  type AdminPostSort,
  type AdminPostState,
  type AdminPostSummary,
  type Topic,
} from '@chorus/core';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { RouterButtonLink, RouterLink } from '../../../components/router-link.tsx';
import { dateTimeFormat } from '../../../lib/date-format.ts';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAdminPostAction, useAdminPostAuthors, useAdminPosts } from '../api/admin-posts.ts';
import styles from './admin-posts.module.css';

const ANY = 'any';
const PER_PAGE = 20;
const NETWORK_KEYS = { 1: 'twitter', 2: 'facebook', 3: 'linkedin' } as const;

/** Which bulk actions a list of the state offers. */
function bulkActionsFor(state: AdminPostState | undefined): AdminPostAction[] {
  return state === 'deleted' ? ['restore'] : ['publish', 'unpublish', 'expire', 'move-topic', 'delete'];
}

/** One post of the list: picture, title (opens the editor), state, topics, networks, author, date. */
function PostRow(props: { post: AdminPostSummary; selected: boolean; selectable: boolean; onSelect: (on: boolean) => void }): JSX.Element {
  const { t, i18n } = useTranslation(['screens']);
  const { post } = props;
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const networks = (Object.entries(NETWORK_KEYS) as [string, 'twitter' | 'facebook' | 'linkedin'][]).filter(([, key]) => post.networks[key]).map(([, key]) => t(`screens:adminPosts.network.${key}`));
  return (
    <li className={styles.item} data-post-id={post.id}>
      {props.selectable ? (
        <Checkbox checked={props.selected} onChange={(_, data) => props.onSelect(data.checked === true)} aria-label={t('screens:adminPosts.list.select', { title: post.title })} />
      ) : null}
      {post.images[0] ? <img className={styles.thumb} src={post.images[0].thumb} alt="" /> : <span className={styles.thumb} aria-hidden="true" />}
      <div className={styles.itemBody}>
        <RouterLink to={`/admin/posts/${post.id}`}>
          <Text weight="semibold">{post.title}</Text>
        </RouterLink>
        <div className={styles.row}>
          <Badge appearance="tint" color={post.state === 'live' ? 'success' : post.state === 'deleted' ? 'danger' : 'informative'}>
            {t(`screens:adminPosts.state.${post.state}`)}
          </Badge>
          {post.is_featured ? <Badge appearance="outline">{t('screens:adminPosts.field.featured')}</Badge> : null}
          <Text size={200}>{post.topics.length > 0 ? post.topics.map((topic) => topic.name).join(', ') : t('screens:adminPosts.list.noTopic')}</Text>
        </div>
        <Text size={200}>{networks.length > 0 ? networks.join(' · ') : t('screens:adminPosts.list.internal')}</Text>
        <Text size={200}>
          {[
            post.author ? t('screens:adminPosts.list.by', { name: post.author.name }) : null,
            post.state === 'scheduled' && post.start ? t('screens:adminPosts.list.startsAt', { date: when.format(new Date(post.start)) }) : null,
            post.deleted_at ? t('screens:adminPosts.list.deletedAt', { date: when.format(new Date(post.deleted_at)) }) : t('screens:adminPosts.list.modified', { date: when.format(new Date(post.modified)) }),
            t('screens:adminPosts.list.shares', { count: post.share_count }),
          ]
            .filter((part) => part !== null)
            .join(' · ')}
        </Text>
      </div>
    </li>
  );
}

/**
 * The console's post list (`/admin/posts`): search, filters (state, topic, network, author), sort,
 * pages of 20, and for managers and admins a selection with bulk actions (publish, unpublish,
 * expire, move to a topic, delete; restore in the deleted list). Phone first: a list of rows.
 */
export function PostList(props: { role: number; topics: readonly Topic[] }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<AdminPostState | undefined>(undefined);
  const [topicId, setTopicId] = useState<number | undefined>(undefined);
  const [network, setNetwork] = useState<number | undefined>(undefined);
  const [authorId, setAuthorId] = useState<number | undefined>(undefined);
  const [sort, setSort] = useState<AdminPostSort>('newest');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [moveTo, setMoveTo] = useState<number | undefined>(undefined);
  const query = useDebouncedValue(search.trim(), 300);
  const listQuery: AdminPostListQuery = {
    ...(query === '' ? {} : { query }),
    ...(state === undefined ? {} : { state }),
    ...(topicId === undefined ? {} : { topic_id: topicId }),
    ...(network === undefined ? {} : { network }),
    ...(authorId === undefined ? {} : { author_id: authorId }),
    sort,
    page_num: page,
    results_per_page: PER_PAGE,
  };
  const posts = useAdminPosts(listQuery);
  const authors = useAdminPostAuthors();
  const action = useAdminPostAction();
  const mayAct = can(props.role, 'posts.publish');
  const rows = posts.data?.objects ?? [];
  const pages = Math.max(1, posts.data?.total_pages ?? 1);
  const refilter = (apply: () => void): void => {
    apply();
    setPage(1);
    setSelected(new Set());
  };

  const run = async (chosen: AdminPostAction): Promise<void> => {
    const ids = [...selected];
    try {
      const answer = await action.mutateAsync({ action: chosen, ids, ...(chosen === 'move-topic' && moveTo !== undefined ? { topic_id: moveTo } : {}) });
      setSelected(new Set());
      const message = [t('screens:adminPosts.list.bulkDone', { count: answer.done.length }), answer.skipped.length > 0 ? t('screens:adminPosts.list.bulkSkipped', { count: answer.skipped.length }) : null]
        .filter((part) => part !== null)
        .join(' ');
      notify.success(message);
    } catch (error) {
      notify.failure(error);
    }
  };

  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const topicName = (id: number | undefined) => props.topics.find((topic) => topic.id === id)?.name ?? '';

  return (
    <div className={styles.page}>
      <div className={styles.headerRow}>
        <Title2 as="h1">{t('screens:adminPosts.title')}</Title2>
        <div className={styles.row}>
          <RouterButtonLink to="/admin">{t('screens:adminPosts.list.console')}</RouterButtonLink>
          <RouterButtonLink to="/admin/posts/new" appearance="primary">
            {t('screens:adminPosts.list.new')}
          </RouterButtonLink>
        </div>
      </div>
      <div role="search" className={styles.filters}>
        <Field label={t('screens:adminPosts.list.search')}>
          <Input type="search" contentBefore={<Search20Regular />} value={search} onChange={(_, data) => refilter(() => setSearch(data.value))} />
        </Field>
        <Field label={t('screens:adminPosts.list.state')}>
          <Dropdown
            value={state === undefined ? t('screens:adminPosts.list.anyState') : t(`screens:adminPosts.state.${state}`)}
            selectedOptions={[state ?? ANY]}
            onOptionSelect={(_, data) => refilter(() => setState(data.optionValue === ANY ? undefined : (data.optionValue as AdminPostState)))}
          >
            <Option value={ANY}>{t('screens:adminPosts.list.anyState')}</Option>
            {ADMIN_POST_STATES.map((value) => (
              <Option key={value} value={value}>
                {t(`screens:adminPosts.state.${value}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('screens:adminPosts.list.topic')}>
          <Dropdown
            value={topicId === undefined ? t('screens:adminPosts.list.anyTopic') : topicName(topicId)}
            selectedOptions={[topicId === undefined ? ANY : String(topicId)]}
            onOptionSelect={(_, data) => refilter(() => setTopicId(data.optionValue === ANY ? undefined : Number(data.optionValue)))}
          >
            <Option value={ANY}>{t('screens:adminPosts.list.anyTopic')}</Option>
            {props.topics.map((topic) => (
              <Option key={topic.id} value={String(topic.id)}>
                {topic.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('screens:adminPosts.list.network')}>
          <Dropdown
            value={network === undefined ? t('screens:adminPosts.list.anyNetwork') : t(`screens:adminPosts.network.${NETWORK_KEYS[network as 1 | 2 | 3]}`)}
            selectedOptions={[network === undefined ? ANY : String(network)]}
            onOptionSelect={(_, data) => refilter(() => setNetwork(data.optionValue === ANY ? undefined : Number(data.optionValue)))}
          >
            <Option value={ANY}>{t('screens:adminPosts.list.anyNetwork')}</Option>
            {([1, 2, 3] as const).map((id) => (
              <Option key={id} value={String(id)}>
                {t(`screens:adminPosts.network.${NETWORK_KEYS[id]}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('screens:adminPosts.list.author')}>
          <Dropdown
            value={authorId === undefined ? t('screens:adminPosts.list.anyAuthor') : (authors.data?.objects.find((author) => author.id === authorId)?.name ?? '')}
            selectedOptions={[authorId === undefined ? ANY : String(authorId)]}
            onOptionSelect={(_, data) => refilter(() => setAuthorId(data.optionValue === ANY ? undefined : Number(data.optionValue)))}
          >
            <Option value={ANY}>{t('screens:adminPosts.list.anyAuthor')}</Option>
            {(authors.data?.objects ?? []).map((author) => (
              <Option key={author.id} value={String(author.id)}>
                {author.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('screens:adminPosts.list.sort')}>
          <Dropdown value={t(`screens:adminPosts.sort.${sort}`)} selectedOptions={[sort]} onOptionSelect={(_, data) => refilter(() => setSort(data.optionValue as AdminPostSort))}>
            {ADMIN_POST_SORTS.map((value) => (
              <Option key={value} value={value}>
                {t(`screens:adminPosts.sort.${value}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>

      <div className={styles.row} aria-live="polite">
        {posts.isFetching ? <Spinner size="tiny" /> : null}
        {posts.data ? <Text>{t('screens:adminPosts.list.results', { count: posts.data.num_results })}</Text> : null}
        {mayAct && rows.length > 0 ? (
          <Checkbox
            checked={allOnPage ? true : selected.size > 0 ? 'mixed' : false}
            label={t('screens:adminPosts.list.selectAll')}
            onChange={(_, data) => setSelected(data.checked === true ? new Set(rows.map((row) => row.id)) : new Set())}
          />
        ) : null}
      </div>

      {posts.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(t, posts.error)}</MessageBarBody>
        </MessageBar>
      ) : posts.data && rows.length === 0 ? (
        <Text as="p">{query === '' && state === undefined && topicId === undefined && network === undefined && authorId === undefined ? t('screens:adminPosts.list.emptyAll') : t('screens:adminPosts.list.empty')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('screens:adminPosts.title')}>
          {rows.map((post) => (
            <PostRow
              key={post.id}
              post={post}
              selectable={mayAct}
              selected={selected.has(post.id)}
              onSelect={(on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(post.id);
                  else next.delete(post.id);
                  return next;
                })
              }
            />
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav className={styles.row} aria-label={t('screens:adminPosts.list.pages')}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('screens:adminPosts.list.previous')}
          </Button>
          <Text>{t('screens:adminPosts.list.page', { page, pages })}</Text>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('screens:adminPosts.list.next')}
          </Button>
        </nav>
      ) : null}

      {mayAct && selected.size > 0 ? (
        <div className={styles.bulk} role="region" aria-label={t('screens:adminPosts.list.bulk')}>
          <Text weight="semibold">{t('screens:adminPosts.list.selected', { count: selected.size })}</Text>
          {bulkActionsFor(state).map((chosen) =>
            chosen === 'delete' ? (
              <ConfirmAction
                key={chosen}
                label={t('screens:adminPosts.action.delete')}
                title={t('screens:adminPosts.list.deleteTitle', { count: selected.size })}
                body={t('screens:adminPosts.editor.deleteBody')}
                confirmLabel={t('screens:adminPosts.action.delete')}
                disabled={action.isPending}
                onConfirm={() => void run('delete')}
              />
            ) : chosen === 'move-topic' ? (
              <div key={chosen} className={styles.row}>
                <Dropdown
                  aria-label={t('screens:adminPosts.list.moveTo')}
                  placeholder={t('screens:adminPosts.list.moveTo')}
                  value={topicName(moveTo)}
                  selectedOptions={moveTo === undefined ? [] : [String(moveTo)]}
                  onOptionSelect={(_, data) => setMoveTo(Number(data.optionValue))}
                >
                  {props.topics.map((topic) => (
                    <Option key={topic.id} value={String(topic.id)}>
                      {topic.name}
                    </Option>
                  ))}
                </Dropdown>
                <Button disabled={moveTo === undefined || action.isPending} onClick={() => void run('move-topic')}>
                  {t('screens:adminPosts.action.move-topic')}
                </Button>
              </div>
            ) : (
              <Button key={chosen} disabled={action.isPending} onClick={() => void run(chosen)}>
                {t(`screens:adminPosts.action.${chosen}`)}
              </Button>
            ),
          )}
          <Link as="button" onClick={() => setSelected(new Set())}>
            {t('screens:adminPosts.list.clear')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
