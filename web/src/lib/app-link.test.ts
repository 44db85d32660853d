import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { APP_STORE_URL, PLAY_STORE_URL, companyAppLink, mobilePlatform, offersApp, openAppOrStore, signUpAppLink, storeUrl, type AppOpener } from './app-link.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('signUpAppLink', () => {
  it('carries the code and subdomain, escaped', () => {
    expect(signUpAppLink('ab_C-9', 'acme')).toBe('chorus://sign-up?code=ab_C-9&subdomain=acme');
    expect(signUpAppLink('a+b/c=', 'acme')).toBe('chorus://sign-up?code=a%2Bb%2Fc%3D&subdomain=acme');
  });
});

describe('platform and store', () => {
  it.each([
    { ua: IPHONE, platform: 'ios', store: APP_STORE_URL },
    { ua: ANDROID, platform: 'android', store: PLAY_STORE_URL },
    { ua: DESKTOP, platform: null, store: APP_STORE_URL },
  ])('$platform', ({ ua, platform, store }) => {
    expect(mobilePlatform(ua)).toBe(platform);
    expect(storeUrl(ua)).toBe(store);
  });

  it.each([
    { width: 653, ua: DESKTOP, offered: true },
    { width: 654, ua: DESKTOP, offered: false },
    { width: 1200, ua: ANDROID, offered: true },
    { width: 1200, ua: IPHONE, offered: true },
  ])('offers the app at width $width: $offered', ({ width, ua, offered }) => {
    expect(offersApp(width, ua)).toBe(offered);
  });
});

describe('openAppOrStore', () => {
  let go: Mock<(url: string) => void>;
  let confirm: Mock<(question: string) => boolean>;
  let opener: AppOpener;
  let hidden: boolean;

  beforeEach(() => {
    vi.useFakeTimers();
    hidden = false;
    go = vi.fn<(url: string) => void>();
    confirm = vi.fn<(question: string) => boolean>(() => true);
    opener = {
      go,
      confirm,
      isHidden: () => hidden,
      setTimeout: (callback, ms) => Number(setTimeout(callback, ms)),
      clearTimeout: (id) => clearTimeout(id),
    };
  });
  afterEach(() => vi.useRealTimers());

  it('opens the app at once and asks about the store only after 250 ms', () => {
    openAppOrStore('chorus://x', 'https://store', 'Get the app?', opener);
    expect(go.mock.calls).toEqual([['chorus://x']]);
    vi.advanceTimersByTime(249);
    expect(confirm).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(confirm).toHaveBeenCalledWith('Get the app?');
    expect(go.mock.calls).toEqual([['chorus://x'], ['https://store']]);
  });

  it('stays put when the user declines', () => {
    confirm.mockReturnValue(false);
    openAppOrStore('chorus://x', 'https://store', 'q', opener);
    vi.advanceTimersByTime(250);
    expect(go.mock.calls).toEqual([['chorus://x']]);
  });

  it('does not ask when the app opened (the page went hidden)', () => {
    openAppOrStore('chorus://x', 'https://store', 'q', opener);
    hidden = true;
    vi.advanceTimersByTime(1000);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does not ask once cancelled', () => {
    const cancel = openAppOrStore('chorus://x', 'https://store', 'q', opener);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('companyAppLink', () => {
  it('opens the app on the company of the site, or just the app without one', () => {
    expect(companyAppLink('acme')).toBe('chorus://open?subdomain=acme');
    expect(companyAppLink(null)).toBe('chorus://open');
  });
});
