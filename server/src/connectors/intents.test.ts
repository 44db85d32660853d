/** The networks' web share intents. */
import { describe, expect, it } from 'vitest';
import { facebookShareDialogUrl, xIntentUrl } from './intents.ts';

describe('xIntentUrl', () => {
  it('opens X\'s composer with the caption and the link, encoded', () => {
    const url = new URL(xIntentUrl('Ça marche & #Chorus', 'https://acme.example/r/a?b=1'));
    expect(url.origin + url.pathname).toBe('https://x.com/intent/post');
    expect(Object.fromEntries(url.searchParams)).toEqual({ text: 'Ça marche & #Chorus', url: 'https://acme.example/r/a?b=1' });
    expect(xIntentUrl('', null)).toBe('https://x.com/intent/post');
  });
});

describe('facebookShareDialogUrl', () => {
  it('uses the sharer without an app, and the share dialog with one', () => {
    expect(facebookShareDialogUrl('https://acme.example/r/a?b=1')).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Facme.example%2Fr%2Fa%3Fb%3D1');
    const dialog = new URL(facebookShareDialogUrl('https://acme.example/r/a', '12345'));
    expect(dialog.origin + dialog.pathname).toBe('https://www.facebook.com/dialog/share');
    expect(Object.fromEntries(dialog.searchParams)).toEqual({ app_id: '12345', href: 'https://acme.example/r/a', display: 'page' });
  });
});
