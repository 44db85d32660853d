import { describe, expect, it } from 'vitest';
import { baseDomainOf, isAllowedRedirectUrl, originForSubdomain, subdomainOf } from './hosts.ts';

describe('subdomainOf', () => {
  it.each([
    ['acme.localhost', 'acme'],
    ['ACME.localhost', 'acme'],
    ['app.localhost', 'app'],
    ['acme.chorus.example.com', 'acme'],
    ['acme.chorus.example', 'acme'],
    ['localhost', null],
    ['chorus.example', null],
    ['127.0.0.1', null],
    ['[::1]', null],
  ])('%s -> %s', (hostname, expected) => {
    expect(subdomainOf(hostname)).toBe(expected);
  });
});

describe('originForSubdomain', () => {
  it('swaps the company label and keeps protocol and port', () => {
    expect(originForSubdomain({ protocol: 'http:', hostname: 'acme.localhost', port: '3000' }, 'app')).toBe('http://app.localhost:3000');
    expect(originForSubdomain({ protocol: 'https:', hostname: 'acme.chorus.example', port: '' }, 'globex')).toBe('https://globex.chorus.example');
  });

  it('adds a label to a bare host', () => {
    expect(originForSubdomain({ protocol: 'http:', hostname: 'localhost', port: '3000' }, 'app')).toBe('http://app.localhost:3000');
  });

  it('refuses IP hosts and invalid labels', () => {
    expect(originForSubdomain({ protocol: 'http:', hostname: '127.0.0.1', port: '3000' }, 'app')).toBeNull();
    expect(originForSubdomain({ protocol: 'http:', hostname: 'acme.localhost', port: '' }, 'evil.example/')).toBeNull();
    expect(originForSubdomain({ protocol: 'http:', hostname: 'acme.localhost', port: '' }, '')).toBeNull();
  });
});

describe('baseDomainOf', () => {
  it.each([
    ['acme.localhost', 'localhost'],
    ['localhost', 'localhost'],
    ['acme.chorus.example.com', 'chorus.example.com'],
    ['chorus.example', 'chorus.example'],
  ])('%s -> %s', (hostname, expected) => {
    expect(baseDomainOf(hostname)).toBe(expected);
  });
});

describe('isAllowedRedirectUrl', () => {
  const https = { protocol: 'https:', hostname: 'acme.chorus.example', port: '' };
  const http = { protocol: 'http:', hostname: 'acme.localhost', port: '3000' };
  it.each([
    [https, 'https://globex.chorus.example/sign-in', true],
    [https, 'https://chorus.example/sso/start', true],
    [https, 'http://globex.chorus.example/', false],
    [https, 'https://evil.example/', false],
    [https, 'https://chorus.example.evil.example/', false],
    [https, 'https://evilchorus.example/', false],
    [https, 'https://user:pw@globex.chorus.example/', false],
    [https, 'javascript:alert(1)', false],
    [https, '//globex.chorus.example/', false],
    [http, 'http://globex.localhost:3000/sign-in', true],
    [http, 'https://evil.example/', false],
    [{ protocol: 'http:', hostname: '127.0.0.1', port: '3000' }, 'http://127.0.0.1:3000/', false],
  ])('%j: %s -> %s', (location, url, expected) => {
    expect(isAllowedRedirectUrl(url, location)).toBe(expected);
  });

  it('allows the origin of a configured HTTPS SAML url and nothing else there', () => {
    const saml = ['https://idp.example/saml/acme'];
    expect(isAllowedRedirectUrl('https://idp.example/saml/acme?SAMLRequest=x', https, saml)).toBe(true);
    expect(isAllowedRedirectUrl('https://idp2.example/saml', https, saml)).toBe(false);
    expect(isAllowedRedirectUrl('http://idp.example/saml/acme', https, ['http://idp.example/saml/acme'])).toBe(false);
    expect(isAllowedRedirectUrl('https://idp.example/', https, [null, 'not a url'])).toBe(false);
  });
});
