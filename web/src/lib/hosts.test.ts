import { describe, expect, it } from 'vitest';
import { originForSubdomain, subdomainOf } from './hosts.ts';

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
