import { describe, expect, it } from 'vitest';
import { PostType, type Attachment } from '@chorus/core';
import { postMediaKind } from './post-media-kind.ts';

const image = { original: '/o.jpg', thumb: '/t.jpg', medium: '/m.jpg' };
const attachment: Attachment = {
  type: 'article',
  object: { url: 'https://news.example/a', domain: 'news.example', title: 'A', description: null, image: '/a.jpg', video_embed_url: null },
};

describe('postMediaKind', () => {
  it('shows a native video with its poster', () => {
    const kind = postMediaKind({
      type: PostType.NATIVE_VIDEO,
      media_videos: [{ mp4: '/v.mp4', mov: null, poster: '/p.jpg' }],
      media_images: [image],
      attachment: null,
    });
    expect(kind).toEqual({ kind: 'video', mp4: '/v.mp4', mov: null, poster: '/p.jpg' });
  });

  it('uses the first image as the poster of a video without one', () => {
    const kind = postMediaKind({
      type: PostType.NATIVE_VIDEO,
      media_videos: [{ mp4: null, mov: '/v.mov', poster: null }],
      media_images: [image],
      attachment: null,
    });
    expect(kind).toEqual({ kind: 'video', mp4: null, mov: '/v.mov', poster: '/m.jpg' });
  });

  it('shows the poster of a native video without a playable file, as unplayable', () => {
    const kind = postMediaKind({ type: PostType.NATIVE_VIDEO, media_videos: [{ mp4: null, mov: null, poster: null }], media_images: [image], attachment: null });
    expect(kind).toEqual({ kind: 'unplayable-video', poster: '/m.jpg' });
    const own = postMediaKind({ type: PostType.NATIVE_VIDEO, media_videos: [{ mp4: null, mov: null, poster: '/p.jpg' }], media_images: [], attachment: null });
    expect(own).toEqual({ kind: 'unplayable-video', poster: '/p.jpg' });
  });

  it('shows a native video post with no video entry at all as unplayable, never as a blank area', () => {
    expect(postMediaKind({ type: PostType.NATIVE_VIDEO, media_videos: [], media_images: [image], attachment: null })).toEqual({ kind: 'unplayable-video', poster: '/m.jpg' });
    expect(postMediaKind({ type: PostType.NATIVE_VIDEO, media_videos: [], media_images: [], attachment: null })).toEqual({ kind: 'unplayable-video', poster: null });
  });

  it('ignores videos on other post types', () => {
    const kind = postMediaKind({ type: PostType.IMAGE, media_videos: [{ mp4: '/v.mp4', mov: null, poster: null }], media_images: [image], attachment: null });
    expect(kind.kind).toBe('image');
  });

  it('shows a link or article attachment', () => {
    expect(postMediaKind({ type: PostType.URL, media_videos: [], media_images: [], attachment })).toEqual({ kind: 'attachment', attachment });
  });

  it('shows nothing for a text post', () => {
    expect(postMediaKind({ type: PostType.TEXT, media_videos: [], media_images: [], attachment: null })).toEqual({ kind: 'none' });
  });
});
