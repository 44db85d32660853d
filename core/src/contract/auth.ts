import { z } from 'zod';
import { UserResponse } from './user.ts';

/** POST /api/v1/auth/sign-in */
export const SignInRequest = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SignInResponse = z.object({
  token: z.string(),
  /** Set when the company signs in through SSO: the browser goes there. */
  sso_url: z.string().nullable(),
  user: UserResponse,
});
export type SignInResponse = z.infer<typeof SignInResponse>;

/** GET /api/v1/auth/sign-out */
export const SignOutResponse = z.object({ url: z.string().nullable() });
export type SignOutResponse = z.infer<typeof SignOutResponse>;
