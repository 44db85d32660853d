/**
 * Where log lines go and how they read. Production (and tests) write pino's JSON, one object a
 * line, for log collectors. Development writes for a person at a terminal: one short coloured
 * line per request (`GET /api/v1/feed 200 4 ms`) and per event, through pino-pretty, with the
 * time of day and none of the process fields. `LOG_FORMAT` picks either anywhere.
 */
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { redactUrl } from '../plugins/log-redaction.ts';

/** The stream pretty lines are written to, or undefined for pino's own JSON on standard output. */
export function logDestination(
  config: Pick<Config, 'logFormat'>,
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): DestinationStream | undefined {
  if (config.logFormat !== 'pretty') return undefined;
  return pinoPretty({
    destination: output,
    colorize: output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    // The request line says it all; the JSON format keeps every field.
    ignore: 'pid,hostname,reqId,req,res,responseTime,database,ms,signal',
    singleLine: true,
    sync: true,
  });
}

/**
 * In the pretty format, one line per answered request instead of Fastify's two JSON lines
 * (`incoming request`, `request completed`); the URL is masked as in the JSON log.
 */
export function installRequestLine(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
