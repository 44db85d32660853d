/**
 * AI-assisted captions: v4 `POST /api/v4/ai/user/post/caption` (content-library spec 7), the
 * caption the editor's AI button offers, written by the configured writer.
 */
import { AiCaptionRequest, AiCaptionResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { writeAiCaption } from '../../commands/ai-caption.ts';
import { createCaptionWriter } from '../../connectors/ai/caption-writer.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** AI caption routes. */
export const aiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const writer = createCaptionWriter(ctx.config);
  serve(app, 'POST /api/v4/ai/user/post/caption', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(AiCaptionRequest, request.body ?? {});
    const caption = await writeAiCaption(ctx.db, writer, company, viewer.user, input, (message, error) => request.log.warn({ err: error }, message));
    return checked(AiCaptionResponse, { caption }, ctx.checkResponses);
  });
};
