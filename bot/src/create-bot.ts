import { CloudAdapter, ConfigurationBotFrameworkAuthentication, type Request, type Response } from 'botbuilder';
import { routeActivity } from './handlers/index.ts';
import type { ConversationStore, Notifier } from './notifier.ts';
import { createTeamsNotifier } from './teams-notifier.ts';

/** Configuration of the Chorus bot; the server's config module supplies it. */
export interface ChorusBotOptions {
  /** Bot (Entra) app id. Without it the bot runs unauthenticated, for local development and tests. */
  appId?: string;
  appPassword?: string;
  /** Set for a single-tenant bot app registration; multi-tenant otherwise. */
  appTenantId?: string;
  store: ConversationStore;
  /** Teams app id (manifest `id`), used in deep links to the tab. */
  teamsAppId: string;
  /** Entity id of the personal tab (manifest `staticTabs[].entityId`). */
  tabEntityId: string;
  /** Locale of cards when the user's is unknown or unsupported; en-US by default. */
  defaultLocale?: string;
  /** Whether the notifier may post to a stored conversation's service URL; all by default. */
  serviceUrlAllowed?: (serviceUrl: string) => boolean;
}

/** An HTTP request as the web framework hands it over, with the JSON body already parsed. */
export interface BotHttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** What to answer the Bot Connector with. */
export interface BotHttpResponse {
  status: number;
  body?: unknown;
}

/** The bot as the server mounts it: an endpoint for `POST /api/messages` and the notifier. */
export interface ChorusBot {
  process(request: BotHttpRequest): Promise<BotHttpResponse>;
  notifier: Notifier;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects what CloudAdapter writes to an Express-style response into a plain value. */
function collectingResponse(): { response: Response; result: () => BotHttpResponse } {
  let status = 200;
  let body: unknown;
  const response: Response = {
    socket: null,
    status(code: unknown) {
      if (typeof code === 'number') {
        status = code;
      }
      return response;
    },
    header() {
      return response;
    },
    send(value: unknown) {
      body = value;
      return response;
    },
    end() {
      return response;
    },
  };
  return { response, result: () => (body === undefined ? { status } : { status, body }) };
}

/**
 * Builds the Chorus Teams bot on botbuilder's CloudAdapter. botbuilder stays inside this package:
 * the server sees only plain requests and responses and the notifier port.
 */
export function createChorusBot(options: ChorusBotOptions): ChorusBot {
  const appId = options.appId ?? '';
  const authentication = new ConfigurationBotFrameworkAuthentication({
    MicrosoftAppId: appId || undefined,
    MicrosoftAppPassword: options.appPassword,
    MicrosoftAppTenantId: options.appTenantId,
    MicrosoftAppType: options.appTenantId ? 'SingleTenant' : 'MultiTenant',
  });
  const adapter = new CloudAdapter(authentication);
  const deps = {
    store: options.store,
    teamsAppId: options.teamsAppId,
    tabEntityId: options.tabEntityId,
    defaultLocale: options.defaultLocale ?? 'en-US',
  };

  return {
    async process(request) {
      const { response, result } = collectingResponse();
      const adapterRequest: Request = {
        method: request.method,
        headers: request.headers,
        body: isRecord(request.body) ? request.body : undefined,
      };
      await adapter.process(adapterRequest, response, (context) => routeActivity(context, deps));
      return result();
    },
    notifier: createTeamsNotifier({ adapter, botAppId: appId, ...deps, ...(options.serviceUrlAllowed ? { serviceUrlAllowed: options.serviceUrlAllowed } : {}) }),
  };
}
