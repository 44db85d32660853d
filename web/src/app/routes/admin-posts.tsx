import type { JSX } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, type Post, type Topic } from '@chorus/core';
import { startingCaption } from '@chorus/core/post-draft';
import { useCurrentUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorText } from '../../lib/notify.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { AdminRefused } from '../../components/admin-refused.tsx';
import { useAdminPost } from '../../features/admin-posts/api/admin-posts.ts';
import { inputOf, isoOfLocalInput, type PostForm } from '../../features/admin-posts/draft.ts';
import { PostEditor } from '../../features/admin-posts/components/post-editor.tsx';
import { PostList } from '../../features/admin-posts/components/post-list.tsx';
import { topicsQueryOptions } from '../../features/posts/api/get-topics.ts';
import { PostCard } from '../../features/posts/components/post-card.tsx';

/** The member's card of a form, as the library would show it once published. */
function previewPost(form: PostForm, topics: readonly Topic[]): Post {
  const input = inputOf(form);
  const refs = input.topic_ids.flatMap((id) => {
    const topic = topics.find((candidate) => candidate.id === id);
    return topic === undefined ? [] : [{ id: topic.id, name: topic.name }];
  });
  const now = new Date().toISOString();
  return {
    id: 0,
    title: input.title,
    content: input.content,
    content_for_viewing: startingCaption(input, 'linkedin'),
    additional_content: null,
    hashtags: input.hashtags,
    hashtags_string: input.hashtags.map((tag) => `#${tag}`).join(' '),
    url: input.url,
    source: form.attachment?.object.domain ?? null,
    type: 1,
    status: 1,
    categories: refs,
    mainCategory: refs[0] ?? null,
    created: isoOfLocalInput(form.start) ?? now,
    modified: now,
    start: input.start,
    expiration: input.expiration,
    attachment: form.attachment,
    media_images: input.images,
    media_videos: [],
    ...input.networks,
    twitter_shares: 0,
    facebook_shares: 0,
    linkedin_shares: 0,
    shares: { num_results: 0 },
    reactions: { num_results: 0, reaction: false },
    comments: { num_results: 0 },
    is_reactions_enabled: input.is_reactions_enabled,
    is_comments_enabled: input.is_comments_enabled,
    is_featured: input.is_featured,
    is_bookmarked: 0,
    is_subscribed: false,
    editable: false,
    properties: { suggested_by: null },
    post_deferred: [],
    post_processing: [],
  };
}

/** The preview: the card is shown, not used (inert), so its links cannot leave the editor. */
function Preview(props: { form: PostForm; topics: readonly Topic[] }): JSX.Element {
  return (
    <div inert>
      <PostCard post={previewPost(props.form, props.topics)} headingLevel="h3" eagerMedia />
    </div>
  );
}

/** Who may open the posts screens: content creators, managers and admins (the server checks too). */
function usePostsAccess(): { role: number | null; topics: readonly Topic[] | undefined } {
  const user = useCurrentUser();
  const topics = useQuery(topicsQueryOptions());
  return { role: user?.role ?? null, topics: topics.data?.objects };
}

/** `/admin/posts`: the company's posts. */
export function AdminPostsRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  useDocumentTitle(t('screens:adminPosts.title'));
  const { role, topics } = usePostsAccess();
  if (role === null) return <PageSpinner />;
  if (!can(role, 'posts.write')) return <AdminRefused title={t('screens:adminPosts.title')} message={t('screens:adminPosts.refused')} />;
  if (topics === undefined) return <PageSpinner />;
  return <PostList role={role} topics={topics} />;
}

/** `/admin/posts/new` and `/admin/posts/:id`: the editor. */
export function AdminPostEditorRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  useDocumentTitle(id === null ? t('screens:adminPosts.editor.newTitle') : t('screens:adminPosts.editor.editTitle'));
  const { role, topics } = usePostsAccess();
  if (role === null) return <PageSpinner />;
  if (!can(role, 'posts.write')) return <AdminRefused title={t('screens:adminPosts.title')} message={t('screens:adminPosts.refused')} />;
  if (topics === undefined) return <PageSpinner />;
  if (id === null) return <PostEditor key="new" role={role} saved={null} topics={topics} preview={(form) => <Preview form={form} topics={topics} />} />;
  return <SavedPostEditor id={id} role={role} topics={topics} />;
}

function SavedPostEditor(props: { id: number; role: number; topics: readonly Topic[] }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const post = useAdminPost(props.id);
  if (post.isPending) return <PageSpinner />;
  if (post.isError) return <AdminRefused title={t('screens:adminPosts.editor.editTitle')} message={errorText(t, post.error)} />;
  return <PostEditor key={`${post.data.id}:${post.data.modified}:${post.data.state}`} role={props.role} saved={post.data} topics={props.topics} preview={(form) => <Preview form={form} topics={props.topics} />} />;
}
