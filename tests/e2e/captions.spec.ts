import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { expectFeed } from './support/sign-in.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

test("LinkedIn caption: Acme's compliance marks and messages, share disabled while prohibited, a company mentioned from the sandbox directory", async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'captioner');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await page.goto('/settings');
  const linkedIn = page.locator('#social-linkedin');
  await linkedIn.getByRole('button', { name: 'Link LinkedIn' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Caption Writer');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(linkedIn.getByText('Linked as Caption Writer')).toBeVisible();
  await page.goto('/');
  await expectFeed(page);

  const latest = page.getByRole('region', { name: 'Latest' });
  await latest.getByRole('button', { name: 'Share on LinkedIn', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Share post' });
  const caption = modal.getByRole('textbox', { name: 'Caption for LinkedIn' });
  const shareNow = modal.getByRole('button', { name: 'Share Now' });

  await caption.fill('Guaranteed returns for every roof');
  await expect(modal.getByText('Prohibited terms used. Please rephrase to share.')).toBeVisible();
  await expect(modal.locator('mark', { hasText: 'Guaranteed returns' })).toBeVisible();
  await expect(shareNow).toBeDisabled();

  await caption.fill('Free coffee, free cake and the best team');
  await expect(modal.getByText('Too many flagged terms used. Please rephrase to share.')).toBeVisible();
  await expect(shareNow).toBeDisabled();

  await caption.fill('Free coffee for the launch');
  await expect(modal.getByText('Use flagged terms with caution. Consider rephrasing.')).toBeVisible();
  await expect(modal.locator('mark', { hasText: 'Free' })).toBeVisible();
  await expect(shareNow).toBeEnabled();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);

  await caption.fill('');
  await expect(modal.getByTestId('compliance-notice')).toBeHidden();

  await caption.fill('Thanks to');
  const mention = modal.getByRole('combobox', { name: 'Mention a company' });
  await mention.pressSequentially('conto');
  await page.getByRole('option', { name: 'Contoso' }).click();
  await expect(caption).toHaveValue('Thanks to Contoso ');
});

test('an AI-assisted caption written for the post, inserted and shared unchanged, is sent as AI-generated with efficacy 1', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'ai-captioner');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Use AI to help me write captions' }).check();
  await page.getByRole('textbox', { name: 'Job title' }).fill('Field engineer');
  await page.getByRole('textbox', { name: 'Goal' }).fill('Show customers how our roofs are installed');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Your settings have been saved')).toBeVisible();
  const linkedIn = page.locator('#social-linkedin');
  await linkedIn.getByRole('button', { name: 'Link LinkedIn' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('AI Writer');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(linkedIn.getByText('Linked as AI Writer')).toBeVisible();
  await page.goto('/');
  await expectFeed(page);

  await page.getByRole('region', { name: 'Latest' }).getByRole('button', { name: 'Share on LinkedIn', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Share post' });
  const caption = modal.getByRole('textbox', { name: 'Caption for LinkedIn' });
  await caption.fill('');
  await modal.getByRole('button', { name: 'Write with AI' }).click();
  await expect(toast(page, 'Your caption has been updated with an AI-Assisted caption.')).toBeVisible();
  await expect(caption).not.toHaveValue('');
  const written = await caption.inputValue();

  const shared = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/v3\/share\/linkedin\/\d+$/.test(request.url()));
  await modal.getByRole('button', { name: 'Share Now' }).click();
  const body = (await shared).postDataJSON() as { content: string; ai_generated: boolean; ai_efficacy: number };
  expect(body).toMatchObject({ content: written, ai_generated: true, ai_efficacy: 1 });
  await expect(modal.getByRole('status').filter({ hasText: 'Post Successfully Shared' })).toBeVisible();
});
