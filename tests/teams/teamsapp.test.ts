import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Agents Toolkit project file and what it feeds: the lifecycle steps the architecture asks
 * for, and every `${{VAR}}` used by it, the app manifest and the Entra manifest is declared in the
 * environment template (so provision never renders an empty value silently).
 */

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

const projectFile = read('teamsapp.yml');
const environmentTemplate = read('env/.env.dev');

/** The `uses:` of each step of a top-level lifecycle section, in order. */
function stepsOf(section: string): string[] {
  const body = new RegExp(`^${section}:\\n([\\s\\S]*?)(?=^\\S|(?![\\s\\S]))`, 'm').exec(projectFile)?.[1] ?? '';
  return [...body.matchAll(/^ {2}- uses: (\S+)/gm)].map((match) => match[1] ?? '');
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\$\{\{\s*([A-Z0-9_]+)\s*\}\}/g)].map((match) => match[1] ?? '');
}

const declared = new Set([...environmentTemplate.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

describe('teamsapp.yml', () => {
  it('is a v1.11 project file with its schema for editors', () => {
    expect(projectFile.split('\n')[0]).toBe('# yaml-language-server: $schema=https://aka.ms/teams-toolkit/v1.11/yaml.schema.json');
    expect(projectFile).toMatch(/^version: v1\.11$/m);
  });

  it('provisions the app, the Entra apps, the bot and the app package in order', () => {
    const steps = stepsOf('provision');

    expect(steps).toEqual([
      'teamsApp/create',
      'aadApp/create',
      'aadApp/create',
      'botFramework/create',
      'aadApp/update',
      'teamsApp/validateManifest',
      'teamsApp/zipAppPackage',
      'teamsApp/validateAppPackage',
      'teamsApp/update',
    ]);
  });

  it('registers the bot at the server bot endpoint', () => {
    expect(projectFile).toContain('messagingEndpoint: ${{BOT_ENDPOINT}}/api/messages');
  });

  it('deploys by installing, building and packaging this repository', () => {
    expect(stepsOf('deploy')).toEqual(['cli/runNpmCommand', 'cli/runNpmCommand', 'file/createOrUpdateEnvironmentFile', 'script']);
    expect(projectFile).toContain('args: run build');
  });

  it.each(['teamsapp.yml', 'appPackage/manifest.json', 'aad.manifest.json'])('%s only uses declared variables', (file) => {
    // TEAMSFX_ENV is set by the toolkit itself; SECRET_ values live in the uncommitted .user file.
    const undeclared = placeholders(read(file)).filter(
      (name) => name !== 'TEAMSFX_ENV' && !name.startsWith('SECRET_') && !declared.has(name),
    );

    expect(undeclared).toEqual([]);
  });

  it('keeps secrets out of the committed environment template', () => {
    expect([...declared].filter((name) => name?.startsWith('SECRET_'))).toEqual([]);
  });

  it('gives the SSO app the resource the manifest asks tokens for', () => {
    const manifest = JSON.parse(read('appPackage/manifest.json')) as { webApplicationInfo: { resource: string } };
    const entra = JSON.parse(read('aad.manifest.json')) as { identifierUris: string[] };

    expect(entra.identifierUris).toContain(manifest.webApplicationInfo.resource);
  });
});
