/** A delete code is a one-time token: URL-safe characters only. */
const CODE = /^[A-Za-z0-9_-]{8,200}$/;

/**
 * The delete code in what an admin pasted: the confirmation link of the mail
 * (`…/confirm-user-deletion?delete_code=…`) or the code alone. Null when neither.
 */
export function deleteCodeOf(text: string): string | null {
  const trimmed = text.trim();
  if (CODE.test(trimmed)) return trimmed;
  try {
    const code = new URL(trimmed).searchParams.get('delete_code');
    return code !== null && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}
