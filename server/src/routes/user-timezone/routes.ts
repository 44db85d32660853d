/** PATCH /api/v4/user: the signed-in user saves their time zone (top bar warning, onboarding). */
import { UpdateUserTimezoneRequest, UpdateUserTimezoneResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../db/schema.ts';
import { notSignedIn, parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { timezoneList } from '../../lib/timezones.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { serve } from '../../lib/serve.ts';

let knownZones: Set<string> | null = null;

/** Whether GET /api/v1/common/timezone lists the zone (exact IANA id, case as listed). */
export function isListedTimezone(zone: string): boolean {
  knownZones ??= new Set(timezoneList().map((entry) => entry.value));
  return knownZones.has(zone);
}

/** Routes of the user's own time zone. */
export const userTimezoneRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'PATCH /api/v4/user', async (request) => {
    const { viewer } = await authenticate(ctx.db, request);
    const { timezone } = parseInput(UpdateUserTimezoneRequest, request.body ?? {});
    if (!isListedTimezone(timezone)) throw validationFailed([{ path: 'timezone', message: 'Unknown time zone' }]);
    // The session is this user's own, in this company: the update touches only their row.
    const [saved] = await ctx.db.update(users).set({ timezone }).where(eq(users.id, viewer.user.id)).returning();
    if (!saved) throw notSignedIn();
    return checked(UpdateUserTimezoneResponse, presentUser(saved, viewer.role, await userCompanies(ctx.db, saved.id)), ctx.checkResponses);
  });
};
