import { PostType, type Attachment, type MediaImage, type Post } from '@chorus/core';

/** How a post's media is shown: native video, one image, a link or article preview, or none. */
export type PostMediaKind =
  | { kind: 'video'; mp4: string | null; mov: string | null; poster: string | null }
  | { kind: 'unplayable-video'; poster: string | null }
  | { kind: 'image'; image: MediaImage }
  | { kind: 'attachment'; attachment: Attachment }
  | { kind: 'none' };

/**
 * Picks the media of a post: a native video (type 7) when it has a playable file, or its
 * poster with a notice when its file was never made; else its first image, else its link or
 * article attachment, else nothing (a text post).
 */
export function postMediaKind(post: Pick<Post, 'type' | 'media_videos' | 'media_images' | 'attachment'>): PostMediaKind {
  const video = post.media_videos[0];
  const image = post.media_images[0];
  if (post.type === PostType.NATIVE_VIDEO && video && (video.mp4 || video.mov)) {
    return { kind: 'video', mp4: video.mp4, mov: video.mov, poster: video.poster ?? image?.medium ?? null };
  }
  // A video post always shows as a video: without a playable file (or any video entry), its poster and a notice.
  if (post.type === PostType.NATIVE_VIDEO) return { kind: 'unplayable-video', poster: video?.poster ?? image?.medium ?? null };
  if (image) return { kind: 'image', image };
  if (post.attachment) return { kind: 'attachment', attachment: post.attachment };
  return { kind: 'none' };
}

/**
 * The picture a post's card loads first (PostMedia at card size): its image, a video's poster,
 * or a link preview's image; null when the card shows none.
 */
export function cardPictureOf(media: PostMediaKind): string | null {
  switch (media.kind) {
    case 'image':
      return media.image.medium;
    case 'video':
    case 'unplayable-video':
      return media.poster;
    case 'attachment':
      return media.attachment.object.image ?? null;
    case 'none':
      return null;
  }
}
