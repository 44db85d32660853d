/**
 * The post editor's form, as typed, and its conversions: from a saved post, to the body the
 * server takes (core's AdminPostInput), and whether two forms differ (unsaved changes).
 */
import { parseHashtags } from '@chorus/core/post-draft';
import { type AdminPost, type AdminPostInput, type Attachment, type MediaImage, type PostNetworks } from '@chorus/core';

/** What the form holds: text fields as typed, date-times as `datetime-local` values ('' for none). */
export interface PostForm {
  title: string;
  content: string;
  hashtags: string;
  url: string;
  attachment: Attachment | null;
  images: MediaImage[];
  networks: PostNetworks;
  topicIds: number[];
  featured: boolean;
  reactions: boolean;
  comments: boolean;
  start: string;
  expiration: string;
  captions: { twitter: string; facebook: string; linkedin: string };
}

/** A new post's form: every network on, reactions and comments on. */
export function emptyForm(): PostForm {
  return {
    title: '',
    content: '',
    hashtags: '',
    url: '',
    attachment: null,
    images: [],
    networks: { twitter: true, facebook: true, linkedin: true },
    topicIds: [],
    featured: false,
    reactions: true,
    comments: true,
    start: '',
    expiration: '',
    captions: { twitter: '', facebook: '', linkedin: '' },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the browser's time zone. */
export function localInputValue(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time, or null for none (or an unreadable value). */
export function isoOfLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form of a saved post. */
export function formOf(post: AdminPost): PostForm {
  return {
    title: post.title,
    content: post.content,
    hashtags: post.hashtags.map((tag) => `#${tag}`).join(' '),
    url: post.url ?? '',
    attachment: post.attachment,
    images: [...post.images],
    networks: { ...post.networks },
    topicIds: post.topics.map((topic) => topic.id),
    featured: post.is_featured,
    reactions: post.is_reactions_enabled,
    comments: post.is_comments_enabled,
    start: localInputValue(post.start),
    expiration: localInputValue(post.expiration),
    captions: { twitter: post.captions.twitter ?? '', facebook: post.captions.facebook ?? '', linkedin: post.captions.linkedin ?? '' },
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** The body a save sends. */
export function inputOf(form: PostForm): AdminPostInput {
  return {
    title: form.title.trim(),
    content: form.content,
    hashtags: parseHashtags(form.hashtags),
    url: orNull(form.url.trim()),
    images: form.images,
    networks: form.networks,
    topic_ids: form.topicIds,
    is_featured: form.featured,
    is_reactions_enabled: form.reactions,
    is_comments_enabled: form.comments,
    start: isoOfLocalInput(form.start),
    expiration: isoOfLocalInput(form.expiration),
    captions: { twitter: orNull(form.captions.twitter), facebook: orNull(form.captions.facebook), linkedin: orNull(form.captions.linkedin) },
  };
}

/** Whether two forms would save the same post. */
export function sameForm(a: PostForm, b: PostForm): boolean {
  return JSON.stringify(inputOf(a)) === JSON.stringify(inputOf(b));
}
