import { useEffect, useRef, useState } from 'react';
import type { JSX } from 'react';
import {
  Avatar,
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Tab,
  TabList,
  Text,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NETWORK_NAMES, isShareableNetwork, sharerNetworkIcons, type PersonSummary, type Post } from '@chorus/core';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { useLikers, useSharers } from '../api/get-reaction-users.ts';
import { NetworkIcon } from './network-icon.tsx';
import type { ReactionsTab } from './post-interactions.tsx';
import styles from './reactions-dialog.module.css';

/** Calls `onVisible` whenever the returned element scrolls into view (the list's end). */
function useEndOfList(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLLIElement | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

interface PagedList<T> {
  data: { pages: { objects: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

function PeopleList<T>(props: { query: PagedList<T>; empty: string; renderItem: (item: T) => JSX.Element; keyOf: (item: T) => number }): JSX.Element {
  const { t } = useTranslation(['library']);
  const { query } = props;
  const sentinel = useEndOfList(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, query.hasNextPage);
  if (query.isPending) return <Spinner size="small" label={t('library:reactions.loading')} />;
  if (query.isError) return <Text role="alert">{t('library:reactions.loadFailed')}</Text>;
  const items = query.data?.pages.flatMap((page) => page.objects) ?? [];
  if (items.length === 0) return <Text>{props.empty}</Text>;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={props.keyOf(item)} className={styles.item}>
          {props.renderItem(item)}
        </li>
      ))}
      {query.hasNextPage ? (
        <li ref={sentinel} className={styles.sentinel}>
          {query.isFetchingNextPage ? <Spinner size="tiny" label={t('library:reactions.loading')} /> : null}
        </li>
      ) : null}
    </ul>
  );
}

function Person(props: { person: PersonSummary }): JSX.Element {
  return (
    <>
      <Avatar size={32} name={props.person.full_name} image={props.person.picture_images.avatar ? { src: props.person.picture_images.avatar } : undefined} />
      <Text weight="semibold" className={styles.name}>
        {props.person.full_name}
      </Text>
    </>
  );
}

function SharerNetworks(props: { networks: readonly number[] }): JSX.Element {
  const { t } = useTranslation(['library']);
  const { shown, more } = sharerNetworkIcons(props.networks);
  const names = shown.map((n) => (isShareableNetwork(n) ? NETWORK_NAMES[n] : String(n))).join(', ');
  return (
    <span className={styles.networks}>
      {shown.map((network, index) => (
        <NetworkIcon key={`${network}-${index}`} network={network} size={16} />
      ))}
      {more > 0 ? <span aria-hidden="true">{t('library:reactions.moreNetworks', { count: more })}</span> : null}
      <VisuallyHidden>
        {t('library:reactions.sharedTo', { networks: names })}
        {more > 0 ? ` ${t('library:reactions.moreNetworksLabel', { count: more })}` : ''}
      </VisuallyHidden>
    </span>
  );
}

/**
 * The reactions modal: Shares and Likes tabs, each with its count, each an infinitely
 * scrolling list of people; a sharer shows up to four network icons, then '+N'.
 */
export function ReactionsDialog(props: { post: Post; initialTab: ReactionsTab; likesEnabled: boolean; onClose: () => void }): JSX.Element {
  const { t } = useTranslation(['library']);
  const [tab, setTab] = useState<ReactionsTab>(props.likesEnabled ? props.initialTab : 'shares');
  const likers = useLikers(props.post.id, props.likesEnabled && tab === 'likes');
  const sharers = useSharers(props.post.id, tab === 'shares');
  const { post } = props;

  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : props.onClose())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t('library:reactions.close')} icon={<DismissRegular />} onClick={props.onClose} />}>
            {t('library:reactions.title')}
          </DialogTitle>
          <DialogContent>
            <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value === 'likes' ? 'likes' : 'shares')} aria-label={t('library:reactions.tabs')}>
              <Tab value="shares" id={`reactions-${post.id}-shares`}>
                {t('library:reactions.shares', { count: post.shares.num_results })}
              </Tab>
              {props.likesEnabled ? (
                <Tab value="likes" id={`reactions-${post.id}-likes`}>
                  {t('library:reactions.likes', { count: post.reactions.num_results })}
                </Tab>
              ) : null}
            </TabList>
            <div role="tabpanel" aria-labelledby={`reactions-${post.id}-${tab}`} className={styles.panel}>
              {tab === 'likes' ? (
                <PeopleList query={likers} empty={t('library:reactions.emptyLikes')} keyOf={(person) => person.id} renderItem={(person) => <Person person={person} />} />
              ) : (
                <PeopleList
                  query={sharers}
                  empty={t('library:reactions.emptyShares')}
                  keyOf={(entry) => entry.user.id}
                  renderItem={(entry) => (
                    <>
                      <Person person={entry.user} />
                      <SharerNetworks networks={entry.networks} />
                    </>
                  )}
                />
              )}
            </div>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
