import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_RENDER_ATTEMPTS, renderVideo, type ArtSpec, type MediaTarget, type VideoEncoder } from './media.ts';

const art: ArtSpec = { from: '#123456', to: '#abcdef', accent: '#ffd166', motif: 'rings' };
let target: MediaTarget;

beforeEach(async () => {
  target = { mediaDir: await mkdtemp(path.join(tmpdir(), 'chorus-media-')), folder: 'demo' };
});
afterEach(() => rm(target.mediaDir, { recursive: true, force: true }));

/** An encoder that fails the first `failures` times (leaving a partial file), then writes the video. */
function flakyEncoder(failures: number, reason = 'ffmpeg exited with code 1: Unknown encoder libx264') {
  const calls: string[] = [];
  const encode: VideoEncoder = async (source, file) => {
    calls.push(source);
    if (calls.length <= failures) {
      await writeFile(file, 'partial');
      throw new Error(reason);
    }
    await writeFile(file, 'mp4');
  };
  return { encode, calls };
}

describe('renderVideo', () => {
  it('renders the video with its poster', async () => {
    const encoder = flakyEncoder(0);
    const video = await renderVideo(target, 'post-3', 'life', art, encoder.encode);
    expect(video).toEqual({ mp4: '/media/demo/post-3.mp4', mov: null, poster: '/media/demo/post-3-poster-medium.jpg' });
    expect(encoder.calls).toEqual(['life']);
  });

  it('tries a failed render once more', async () => {
    const encoder = flakyEncoder(1);
    const video = await renderVideo(target, 'post-3', 'testsrc2', art, encoder.encode);
    expect(video.mp4).toBe('/media/demo/post-3.mp4');
    expect(encoder.calls).toHaveLength(2);
  });

  it('fails the seed naming the video and the cause after the second failure, leaving no partial file', async () => {
    expect(VIDEO_RENDER_ATTEMPTS).toBe(2);
    const encoder = flakyEncoder(2);
    await expect(renderVideo(target, 'post-7', 'mandelbrot', art, encoder.encode)).rejects.toThrow(
      'Seeding failed: the demo video "post-7.mp4" (ffmpeg source mandelbrot) could not be rendered in 2 attempts: ffmpeg exited with code 1: Unknown encoder libx264',
    );
    expect(encoder.calls).toHaveLength(2);
    expect((await readdir(path.join(target.mediaDir, 'demo'))).filter((file) => file.endsWith('.mp4'))).toEqual([]);
  });

  it('counts an encoder that writes nothing as a failure', async () => {
    const silent: VideoEncoder = async () => {};
    await expect(renderVideo(target, 'post-8', 'life', art, silent)).rejects.toThrow(/"post-8.mp4".*the encoder finished without writing the file/);
  });

  it.each(['testsrc2', 'mandelbrot', 'life'] as const)('renders the %s source with the bundled ffmpeg', async (source) => {
    const video = await renderVideo(target, `real-${source}`, source, art);
    expect(video.mp4).toBe(`/media/demo/real-${source}.mp4`);
    const mp4 = await readFile(path.join(target.mediaDir, 'demo', `real-${source}.mp4`));
    // An MP4 starts with its ftyp box.
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('keeps a video rendered by an earlier seed', async () => {
    await renderVideo(target, 'post-9', 'life', art, flakyEncoder(0).encode);
    const again = flakyEncoder(2);
    expect((await renderVideo(target, 'post-9', 'life', art, again.encode)).mp4).toBe('/media/demo/post-9.mp4');
    expect(again.calls).toEqual([]);
  });
});
