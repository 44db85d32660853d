/**
 * Regenerates the Teams app icons from the SVG artwork below:
 * `node appPackage/generate-icons.ts`. Teams wants a 192x192 full-colour icon and a 32x32
 * outline icon that is white on a transparent background; the PNGs are committed.
 */
import sharp from 'sharp';

const accent = '#4F46E5';

/** Three voices in a speech bubble: the Chorus mark, drawn on a 96-unit grid. */
function mark(fill: string): string {
  return `
    <path fill="${fill}" fill-rule="evenodd" d="
      M22 20 H74 A10 10 0 0 1 84 30 V60 A10 10 0 0 1 74 70 H44 L28 82 V70 H22
      A10 10 0 0 1 12 60 V30 A10 10 0 0 1 22 20 Z
      M32 36 A4 4 0 0 0 28 40 V50 A4 4 0 0 0 36 50 V40 A4 4 0 0 0 32 36 Z
      M48 30 A4 4 0 0 0 44 34 V56 A4 4 0 0 0 52 56 V34 A4 4 0 0 0 48 30 Z
      M64 36 A4 4 0 0 0 60 40 V50 A4 4 0 0 0 68 50 V40 A4 4 0 0 0 64 36 Z" />`;
}

const colorSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 96 96">
  <rect width="96" height="96" fill="${accent}" />
  <g transform="translate(12 12) scale(0.75)">${mark('#FFFFFF')}</g>
</svg>`;

const outlineSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 96 96">
  <g transform="translate(0 -3)">${mark('#FFFFFF')}</g>
</svg>`;

const here = new URL('.', import.meta.url);

await sharp(Buffer.from(colorSvg)).flatten({ background: accent }).png().toFile(new URL('color.png', here).pathname);

// Anti-aliased edges come out of the rasteriser slightly off-white; keep only the coverage as
// alpha over pure white so every pixel is white or transparent, as Teams requires.
const coverage = await sharp(Buffer.from(outlineSvg)).ensureAlpha().extractChannel('alpha').raw().toBuffer();
await sharp({ create: { width: 32, height: 32, channels: 3, background: '#FFFFFF' } })
  .joinChannel(coverage, { raw: { width: 32, height: 32, channels: 1 } })
  .png()
  .toFile(new URL('outline.png', here).pathname);
