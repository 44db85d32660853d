import { describe, expect, it } from 'vitest';
import { deleteCodeOf } from './delete-code.ts';

describe('deleteCodeOf', () => {
  it.each([
    ['http://acme.localhost:3000/confirm-user-deletion?delete_code=abcDEF123_-xyz', 'abcDEF123_-xyz'],
    ['  abcDEF123_-xyz  ', 'abcDEF123_-xyz'],
  ])('reads %s', (text, code) => {
    expect(deleteCodeOf(text)).toBe(code);
  });

  it.each(['', 'short', 'http://acme.localhost:3000/confirm-user-deletion', 'not a code at all', 'https://x.example/?delete_code=%3Cscript%3E'])(
    'refuses %s',
    (text) => {
      expect(deleteCodeOf(text)).toBeNull();
    },
  );
});
