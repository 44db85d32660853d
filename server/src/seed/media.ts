/**
 * Demo media made on this machine: images are drawn as SVG shapes (no text, so no system
 * fonts are needed) and rendered by sharp in three sizes; videos are a few seconds of an
 * ffmpeg test source, encoded to H.264 MP4 with the ffmpeg binary that
 * @ffmpeg-installer ships inside its npm package (a video that cannot be made fails the seed).
 */
import { execFile } from 'node:child_process';
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { MediaImage, MediaVideo } from '@chorus/core';
import sharp from 'sharp';

const run = promisify(execFile);

/** URL prefix under which CHORUS_DATA_DIR/media is served. */
export const MEDIA_URL_PREFIX = '/media';

/** A palette and motif for a generated picture. */
export interface ArtSpec {
  from: string;
  to: string;
  accent: string;
  motif: 'circles' | 'waves' | 'bars' | 'grid' | 'peaks' | 'rings';
}

/** Where generated files go: `{mediaDir}/{folder}/` served as `/media/{folder}/`. */
export interface MediaTarget {
  mediaDir: string;
  folder: string;
}

const SIZES = { original: 1200, medium: 600, thumb: 240 } as const;

function motif(spec: ArtSpec, width: number, height: number): string {
  const a = spec.accent;
  switch (spec.motif) {
    case 'circles':
      return [0.2, 0.45, 0.7]
        .map((x, i) => `<circle cx="${x * width}" cy="${height * (0.35 + i * 0.15)}" r="${height * (0.12 + i * 0.06)}" fill="${a}" fill-opacity="${0.35 + i * 0.15}"/>`)
        .join('');
    case 'waves':
      return [0, 1, 2]
        .map((i) => {
          const y = height * (0.55 + i * 0.12);
          return `<path d="M0 ${y} C ${width * 0.25} ${y - 80} ${width * 0.5} ${y + 80} ${width} ${y - 20} L ${width} ${height} L 0 ${height} Z" fill="${a}" fill-opacity="${0.25 + i * 0.2}"/>`;
        })
        .join('');
    case 'bars':
      return Array.from({ length: 7 }, (_, i) => {
        const h = height * (0.2 + ((i * 37) % 60) / 100);
        return `<rect x="${width * (0.1 + i * 0.115)}" y="${height * 0.9 - h}" width="${width * 0.08}" height="${h}" rx="12" fill="${a}" fill-opacity="0.8"/>`;
      }).join('');
    case 'grid':
      return Array.from({ length: 24 }, (_, i) => {
        const x = (i % 6) * (width / 6) + width / 12;
        const y = Math.floor(i / 6) * (height / 4) + height / 8;
        return `<rect x="${x - 30}" y="${y - 30}" width="60" height="60" rx="10" fill="${a}" fill-opacity="${0.2 + (i % 5) * 0.15}" transform="rotate(${(i * 15) % 45} ${x} ${y})"/>`;
      }).join('');
    case 'peaks':
      return `<polygon points="0,${height} ${width * 0.3},${height * 0.35} ${width * 0.5},${height * 0.7} ${width * 0.72},${height * 0.25} ${width},${height}" fill="${a}" fill-opacity="0.7"/><circle cx="${width * 0.82}" cy="${height * 0.2}" r="${height * 0.09}" fill="#ffffff" fill-opacity="0.85"/>`;
    case 'rings':
      return [1, 2, 3, 4]
        .map((i) => `<circle cx="${width / 2}" cy="${height / 2}" r="${i * height * 0.1}" fill="none" stroke="${a}" stroke-width="${18 - i * 3}" stroke-opacity="0.8"/>`)
        .join('');
  }
}

/** The SVG of a picture. */
export function artSvg(spec: ArtSpec, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${motif(spec, width, height)}</svg>`;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Renders a 16:9 picture in the three library sizes (skipping files already there). */
export async function renderImage(target: MediaTarget, name: string, spec: ArtSpec): Promise<MediaImage> {
  const dir = path.join(target.mediaDir, target.folder);
  await mkdir(dir, { recursive: true });
  const svg = Buffer.from(artSvg(spec, SIZES.original, Math.round((SIZES.original * 9) / 16)));
  const urls = {} as MediaImage;
  for (const [size, width] of Object.entries(SIZES) as [keyof typeof SIZES, number][]) {
    const file = `${name}-${size}.jpg`;
    const full = path.join(dir, file);
    if (!(await exists(full))) await sharp(svg).resize({ width }).jpeg({ quality: 82, mozjpeg: true }).toFile(full);
    urls[size] = `${MEDIA_URL_PREFIX}/${target.folder}/${file}`;
  }
  return urls;
}

/** Renders a square PNG (logos, favicons) and returns its URL. */
export async function renderSquare(target: MediaTarget, name: string, spec: ArtSpec, size: number): Promise<string> {
  const dir = path.join(target.mediaDir, target.folder);
  await mkdir(dir, { recursive: true });
  const file = `${name}.png`;
  const full = path.join(dir, file);
  if (!(await exists(full))) await sharp(Buffer.from(artSvg(spec, size, size))).png().toFile(full);
  return `${MEDIA_URL_PREFIX}/${target.folder}/${file}`;
}

/** ffmpeg test sources a demo video can show. */
export type VideoSource = 'testsrc2' | 'mandelbrot' | 'life';

const SOURCES: Record<VideoSource, string> = {
  testsrc2: 'testsrc2=size=640x360:rate=25',
  mandelbrot: 'mandelbrot=size=640x360:rate=25',
  life: 'life=size=640x360:rate=25:mold=10:r=25:ratio=0.12:death_color=#1f6feb:life_color=#ffd166',
};

/** Encodes a demo video of an ffmpeg test source into `file`. */
export type VideoEncoder = (source: VideoSource, file: string) => Promise<void>;

/** The ffmpeg binary that @ffmpeg-installer ships: silent H.264, yuv420p and faststart, so every browser plays it. */
const encodeWithFfmpeg: VideoEncoder = async (source, file) => {
  // Imported here: the package throws on load on platforms it has no binary for.
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default;
  // Four seconds by the output's -t: the bundled ffmpeg's mandelbrot and life sources take no
  // duration option (asking for one failed those videos, which were seeded without a file).
  await run(
    ffmpeg.path,
    ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', SOURCES[source], '-t', '4', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', file],
    { timeout: 60_000 },
  );
};

/** Renders of one demo video: a failed render (a busy machine's timeout) is tried once more. */
export const VIDEO_RENDER_ATTEMPTS = 2;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Renders a short demo video with a poster frame. A render that fails is tried once more;
 * a second failure fails the seed with the video's name and the cause, rather than seeding a
 * video post with nothing to play. A half-written file is removed, so a later seed renders
 * it again instead of serving it.
 */
export async function renderVideo(target: MediaTarget, name: string, source: VideoSource, poster: ArtSpec, encode: VideoEncoder = encodeWithFfmpeg): Promise<MediaVideo> {
  const dir = path.join(target.mediaDir, target.folder);
  await mkdir(dir, { recursive: true });
  const posterImage = await renderImage(target, `${name}-poster`, poster);
  const file = `${name}.mp4`;
  const full = path.join(dir, file);
  for (let attempt = 1; !(await exists(full)); attempt += 1) {
    try {
      await encode(source, full);
      if (!(await exists(full))) throw new Error('the encoder finished without writing the file');
    } catch (error) {
      await rm(full, { force: true });
      if (attempt >= VIDEO_RENDER_ATTEMPTS) {
        throw new Error(`Seeding failed: the demo video "${file}" (ffmpeg source ${source}) could not be rendered in ${VIDEO_RENDER_ATTEMPTS} attempts: ${reasonOf(error)}`, {
          cause: error,
        });
      }
    }
  }
  return { mp4: `${MEDIA_URL_PREFIX}/${target.folder}/${file}`, mov: null, poster: posterImage.medium };
}
