import { describe, expect, it } from 'vitest';
import { adminLandingPath, adminViewUrl, afterSignInPath, afterSignInTarget, companySignInUrl, safeNextPath, signInRedirectPath } from './redirects.ts';

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/post/12', '/post/12'],
    ['/topic/3?sort_by=latest', '/topic/3?sort_by=latest'],
    ['/settings#social-twitter', '/settings#social-twitter'],
    ['/a/../post/1', '/post/1'],
  ])('accepts the local path %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'post/12',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tpath',
    '/path\\..\\x',
    ' /post/1',
    '/sign-in',
    '/sign-in?next=/x',
    '/sign-in/email',
  ])('rejects %j', (input) => {
    expect(safeNextPath(input)).toBeNull();
  });
});

describe('signInRedirectPath', () => {
  it('sends the feed to plain sign-in', () => {
    expect(signInRedirectPath('/', '')).toBe('/sign-in');
  });

  it('carries the wanted path in next', () => {
    expect(signInRedirectPath('/post/7', '')).toBe('/sign-in?next=%2Fpost%2F7');
  });

  it('keeps only the listed parameters beside next and leaves the others in it', () => {
    const target = signInRedirectPath(
      '/settings',
      '?type_id=3&network=2&query=cats&from_ext=1&delete_code=abc&from_admin_view=1&video_id=9&no_assisted_login=1&code=zzz',
    );
    const params = new URLSearchParams(target.slice(target.indexOf('?')));
    expect(target.startsWith('/sign-in?')).toBe(true);
    expect(params.get('next')).toBe('/settings?query=cats&code=zzz');
    expect([...params.keys()].sort()).toEqual(
      ['delete_code', 'from_admin_view', 'from_ext', 'network', 'next', 'no_assisted_login', 'type_id', 'video_id'].sort(),
    );
    expect(params.get('type_id')).toBe('3');
    expect(params.get('video_id')).toBe('9');
  });
});

describe('afterSignInPath', () => {
  it('goes to the feed without next', () => {
    expect(afterSignInPath('')).toBe('/');
  });

  it('goes to a safe next', () => {
    expect(afterSignInPath('?next=%2Fpost%2F7')).toBe('/post/7');
  });

  it('ignores an unsafe next', () => {
    expect(afterSignInPath('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(afterSignInPath('?next=%2F%2Fevil.example')).toBe('/');
  });

  it('restores page parameters onto next', () => {
    expect(afterSignInPath('?next=%2Fsettings&type_id=3&network=2&no_assisted_login=1')).toBe('/settings?type_id=3&network=2');
  });

  it('round-trips with signInRedirectPath', () => {
    const signIn = signInRedirectPath('/topic/4', '?sort_by=top_performing&network=1');
    expect(afterSignInPath(signIn.slice(signIn.indexOf('?')))).toBe('/topic/4?sort_by=top_performing&network=1');
  });
});

describe('afterSignInTarget', () => {
  it('is afterSignInPath without from_admin_view', () => {
    expect(afterSignInTarget('?next=%2Fpost%2F7')).toBe('/post/7');
    expect(afterSignInTarget('?next=%2F%2Fevil.example')).toBe('/');
  });

  it('goes to the admin hand-over with next and video_id', () => {
    expect(afterSignInTarget('?next=%2Fdashboard&from_admin_view=1&video_id=9')).toBe('/redirect?from_admin_view=1&next=%2Fdashboard&video_id=9');
  });

  it('drops an unsafe next on the way to the admin view', () => {
    expect(afterSignInTarget('?next=https%3A%2F%2Fevil.example&from_admin_view=1')).toBe('/redirect?from_admin_view=1');
  });
});

describe('adminViewUrl', () => {
  it.each([
    ['?next=%2Fdashboard&from_admin_view=1', '/#/dashboard?from_admin_view=1'],
    ['?next=%2Fdashboard&from_admin_view=1&video_id=9', '/#/dashboard?from_admin_view=1&video_id=9'],
    ['?next=%2Fposts%3Fpage%3D2&from_admin_view=1', '/#/posts?page=2&from_admin_view=1'],
    ['?from_admin_view=1', '/#/?from_admin_view=1'],
    ['?next=%2F%2Fevil.example&from_admin_view=1', '/#/?from_admin_view=1'],
  ])('%s -> %s', (search, expected) => {
    expect(adminViewUrl(search)).toBe(expected);
  });
});

describe('adminLandingPath', () => {
  it.each([
    ['#/dashboard', '/admin?next=%2Fdashboard'],
    ['#/dashboard?from_admin_view=1&video_id=7', '/admin?next=%2Fdashboard&from_admin_view=1&video_id=7'],
    ['#/', '/admin?next=%2F'],
    ['#//evil.example/x', '/admin?next=%2Fx'],
  ])('%s -> %s', (hash, expected) => {
    expect(adminLandingPath(hash)).toBe(expected);
  });

  it.each(['', '#', '#chorus-main', '#application-timezone'])('leaves %s alone', (hash) => {
    expect(adminLandingPath(hash)).toBeNull();
  });
});

describe('companySignInUrl', () => {
  it('keeps next and the listed parameters and prefills the e-mail', () => {
    const url = new URL(companySignInUrl('http://globex.localhost:3000/sign-in/email', '?next=%2Ftopic%2F3&video_id=4&code=x', 'user@globex.example'));
    expect(url.origin).toBe('http://globex.localhost:3000');
    expect(url.pathname).toBe('/sign-in/email');
    expect(Object.fromEntries(url.searchParams)).toEqual({ next: '/topic/3', video_id: '4', email: 'user@globex.example', moved: '1' });
  });

  it('does not carry an unsafe next to the other company', () => {
    const url = new URL(companySignInUrl('https://globex.chorus.example/sign-in/email', '?next=%2F%2Fevil.example', 'a@b.example'));
    expect(url.searchParams.has('next')).toBe(false);
  });
});
