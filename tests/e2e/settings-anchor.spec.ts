/**
 * The settings page's `network` parameter (accounts spec 2): the page scrolls to that
 * network's section one second after it is shown, not at once. The delay is a page timer, so
 * the test moves the page clock by hand.
 */
import { expect, test } from './support/fixtures.ts';
import { signInFreshUser, signUpFreshUser } from './support/fresh-user.ts';
import { pageNow, pauseClock, recordScrollRequests, runClockTo, runClockUntil, scrollRequests } from './support/page-timing.ts';

test('?network=linkedin scrolls to the LinkedIn section after 1 s, not before', async ({ page, baseURL }) => {
  await page.clock.install();
  await recordScrollRequests(page);
  const user = await signUpFreshUser(baseURL ?? '', 'anchor');
  await page.setViewportSize({ width: 1000, height: 500 });
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding/);

  await pauseClock(page);
  await page.goto('/settings?network=linkedin');
  const section = page.locator('#social-linkedin');
  // The section appears once the linked networks have loaded; the one-second wait starts then.
  await runClockUntil(page, () => section.isVisible());
  const shownAt = await pageNow(page);
  const requestsSinceShown = async () => (await scrollRequests(page)).filter((request) => request.at >= shownAt - 10);
  const position = () =>
    section.evaluate((element) => ({ scrolled: document.scrollingElement?.scrollTop ?? 0, belowTheFold: element.getBoundingClientRect().top >= window.innerHeight }));
  await expect(page.getByRole('heading', { name: 'My Settings', level: 1 })).toBeInViewport();
  expect(await position()).toEqual({ scrolled: 0, belowTheFold: true });

  await runClockTo(page, shownAt + 500);
  expect(await requestsSinceShown(), 'half a second later nothing has asked to scroll').toEqual([]);
  expect(await position(), 'half a second later the page is still at the top').toEqual({ scrolled: 0, belowTheFold: true });

  await runClockTo(page, shownAt + 1000);
  const requests = await requestsSinceShown();
  expect(requests, 'one scroll, to the LinkedIn section').toEqual([{ target: 'section#social-linkedin', at: expect.any(Number) }]);
  expect(requests[0]?.at ?? 0).toBeGreaterThanOrEqual(shownAt + 990);
  await page.clock.resume();
  await expect(section).toBeInViewport();
  expect((await position()).scrolled).toBeGreaterThan(0);
});
