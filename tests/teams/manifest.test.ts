import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppManifestUtils, type AppManifest } from '@microsoft/app-manifest';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Teams app package, checked offline: the manifest and its localization files against the
 * JSON schemas bundled in @microsoft/app-manifest, and the icons against Teams' rules.
 */

const appPackage = new URL('../../appPackage/', import.meta.url);
const schemaFolder = join(dirname(createRequire(import.meta.url).resolve('@microsoft/app-manifest')), 'json-schemas', 'teams');

/** Values the Agents Toolkit substitutes at provision time, as a real environment would hold them. */
const sampleEnvironment: Record<string, string> = {
  TEAMS_APP_ID: '6f1d0c2e-4a3b-4c5d-8e9f-0a1b2c3d4e5f',
  BOT_ID: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
  AAD_APP_CLIENT_ID: 'c0ffee00-1234-4abc-9def-0123456789ab',
  TAB_DOMAIN: 'chorus.example.com',
  TAB_ENDPOINT: 'https://chorus.example.com',
};

function readPackageFile(name: string): string {
  return readFileSync(new URL(name, appPackage), 'utf8');
}

/** Replaces `${{NAME}}` placeholders the way `teamsApp/zipAppPackage` does; unknown names fail. */
function substitute(text: string): string {
  return text.replace(/\$\{\{\s*([A-Z0-9_]+)\s*\}\}/g, (_match, name: string) => {
    const value = sampleEnvironment[name];
    if (value === undefined) {
      throw new Error(`appPackage uses \${{${name}}}, which the sample environment does not define`);
    }
    return value;
  });
}

type ManifestSchema = NonNullable<Parameters<typeof AppManifestUtils.validateAgainstSchema>[1]>;

/**
 * Loads a schema shipped inside @microsoft/app-manifest, cleaned as the package's own loader
 * does. Passing it to `validateAgainstSchema` keeps validation offline: without a schema the
 * package would look for it by the manifest's `$schema` URL and may fetch it.
 */
function bundledSchema(version: string, file: string): ManifestSchema {
  const raw = readFileSync(join(schemaFolder, `v${version}`, file), 'utf8');
  // The localization schema writes a lone `]` in two patterns, which only non-Unicode regular
  // expressions accept and ajv compiles with the u flag; escaping it keeps their meaning.
  const cleaned = raw.replace(/\\a/g, '\\u0007').replace(/\\v/g, '\\u000b').replaceAll('\\\\b]', '\\\\b\\\\]');
  return JSON.parse(cleaned) as ManifestSchema;
}

interface Manifest {
  $schema: string;
  manifestVersion: string;
  icons: { color: string; outline: string };
  staticTabs?: { entityId: string; contentUrl?: string; websiteUrl?: string; scopes: string[] }[];
  bots?: { botId: string; scopes: string[] }[];
  webApplicationInfo?: { id: string; resource?: string };
  validDomains?: string[];
  localizationInfo?: { additionalLanguages?: { languageTag: string; file: string }[] };
}

const rawManifest = readPackageFile('manifest.json');
const manifest = JSON.parse(substitute(rawManifest)) as Manifest;
const schemaVersion = /\/teams\/v(\d+\.\d+)\/MicrosoftTeams\.schema\.json$/.exec(manifest.$schema)?.[1] ?? '';

function versionAtLeast(version: string, minimum: [number, number]): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > minimum[0] || (major === minimum[0] && minor >= minimum[1]);
}

beforeEach(() => {
  // Validation must never reach for the schema on the network.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('network access during manifest validation')));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Teams app manifest', () => {
  it('uses schema v1.29 or later, matching manifestVersion', () => {
    expect(versionAtLeast(schemaVersion, [1, 29])).toBe(true);
    expect(manifest.manifestVersion).toBe(schemaVersion);
  });

  it('takes its ids and host from environment placeholders', () => {
    for (const name of ['TEAMS_APP_ID', 'BOT_ID', 'AAD_APP_CLIENT_ID', 'TAB_DOMAIN', 'TAB_ENDPOINT']) {
      expect(rawManifest).toContain(`\${{${name}}}`);
    }
  });

  it('validates against the bundled schema', async () => {
    const schema = bundledSchema(schemaVersion, 'MicrosoftTeams.schema.json');

    const errors = await AppManifestUtils.validateAgainstSchema(manifest as unknown as AppManifest, schema);

    expect(errors).toEqual([]);
  });

  it('catches a broken manifest', async () => {
    const schema = bundledSchema(schemaVersion, 'MicrosoftTeams.schema.json');
    const broken = { ...manifest, id: 'not-a-guid', accentColor: undefined };

    const errors = await AppManifestUtils.validateAgainstSchema(broken as unknown as AppManifest, schema);

    expect(errors.some((error) => error.startsWith('/id '))).toBe(true);
    expect(errors.some((error) => error.includes('accentColor'))).toBe(true);
  });

  it('has the Chorus personal tab serving the tab build', () => {
    const tab = manifest.staticTabs?.find((candidate) => candidate.entityId === 'chorus-home');

    expect(tab?.scopes).toEqual(['personal']);
    expect(tab?.contentUrl).toBe('https://chorus.example.com/tab/');
    expect(tab?.contentUrl?.endsWith('/tab/')).toBe(true);
    expect(tab?.websiteUrl).toMatch(/^https:\/\//);
  });

  it('has the bot in personal scope', () => {
    expect(manifest.bots).toHaveLength(1);
    expect(manifest.bots?.[0]).toMatchObject({ botId: sampleEnvironment.BOT_ID, scopes: ['personal'] });
  });

  it('declares the Entra app for Teams SSO and its valid domain', () => {
    expect(manifest.webApplicationInfo).toEqual({
      id: sampleEnvironment.AAD_APP_CLIENT_ID,
      resource: `api://chorus.example.com/${sampleEnvironment.AAD_APP_CLIENT_ID}`,
    });
    expect(manifest.validDomains).toEqual(['chorus.example.com']);
  });

  it.each(manifest.localizationInfo?.additionalLanguages ?? [])('has a valid $languageTag localization file', async ({ file }) => {
    const schema = bundledSchema(schemaVersion, 'MicrosoftTeams.Localization.schema.json');
    const localization: unknown = JSON.parse(readPackageFile(file));

    const errors = await AppManifestUtils.validateAgainstSchema(localization as AppManifest, schema);

    expect(errors).toEqual([]);
  });
});

describe('Teams app icons', () => {
  it('has a 192x192 colour icon', async () => {
    const metadata = await sharp(new URL(manifest.icons.color, appPackage).pathname).metadata();

    expect(metadata.format).toBe('png');
    expect([metadata.width, metadata.height]).toEqual([192, 192]);
  });

  it('has a 32x32 outline icon that is white on transparent', async () => {
    const { data, info } = await sharp(new URL(manifest.icons.outline, appPackage).pathname)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });

    expect([info.width, info.height, info.channels]).toEqual([32, 32, 4]);
    let opaque = 0;
    let offWhite = 0;
    for (let offset = 0; offset < data.length; offset += 4) {
      const [red, green, blue, alpha] = [data[offset], data[offset + 1], data[offset + 2], data[offset + 3]];
      if (alpha === 0) {
        continue;
      }
      opaque += 1;
      if (red !== 255 || green !== 255 || blue !== 255) {
        offWhite += 1;
      }
    }
    expect(offWhite).toBe(0);
    // An icon that is entirely transparent would pass the colour rule and show nothing.
    expect(opaque).toBeGreaterThan(100);
    expect(opaque).toBeLessThan(32 * 32);
  });
});
