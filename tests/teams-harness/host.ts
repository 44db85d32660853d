// Runs in the browser: the harness page that plays the Teams host around the tab's frame.
import { HARNESS_PARAMS } from './protocol.ts';
import type { HarnessMode, ReceivedMessage, TeamsHarnessApi } from './protocol.ts';

declare global {
  interface Window {
    teamsHarness: TeamsHarnessApi;
  }
}

interface TeamsRequest {
  readonly id: number;
  readonly uuidAsString?: string;
  readonly func: string;
  readonly args: readonly unknown[];
}

const SDK_VERSION = '2.58.0';

// A runtime of API version 4 (the current one) so teams-js does not fall back to its
// legacy-Teams capability table.
const RUNTIME_CONFIG = {
  apiVersion: 4,
  isLegacyTeams: false,
  isNAAChannelRecommended: false,
  hostVersionsInfo: { adaptiveCardSchemaVersion: { majorVersion: 1, minorVersion: 5 } },
  supports: {
    app: {},
    appEntity: {},
    authentication: {},
    dialog: { card: { bot: {} }, url: { bot: {} }, update: {} },
    logs: {},
    pages: { appButton: {}, tabs: {}, config: {}, backStack: {}, fullTrust: {} },
    teamsCore: {},
  },
};

const params = new URLSearchParams(window.location.search);

function param(name: string, fallback: string): string {
  return params.get(name) ?? fallback;
}

const mode: HarnessMode = params.get(HARNESS_PARAMS.mode) === 'silent' ? 'silent' : 'normal';
const token = params.get(HARNESS_PARAMS.token);

function legacyContext(): Record<string, unknown> {
  const subPageId = params.get(HARNESS_PARAMS.subPageId);
  return {
    entityId: 'chorus',
    subEntityId: subPageId ?? undefined,
    frameContext: 'content',
    hostClientType: 'web',
    hostName: 'Teams',
    theme: param(HARNESS_PARAMS.theme, 'default'),
    locale: param(HARNESS_PARAMS.locale, 'en-us'),
    userPrincipalName: param(HARNESS_PARAMS.userPrincipalName, 'user@acme.example'),
    loginHint: param(HARNESS_PARAMS.userPrincipalName, 'user@acme.example'),
    userObjectId: '00000000-0000-4000-8000-000000000001',
    tid: param(HARNESS_PARAMS.tenantId, '00000000-0000-4000-8000-00000000a0c3'),
    appSessionId: 'harness-session',
  };
}

function answerFor(request: TeamsRequest): readonly unknown[] | undefined {
  switch (request.func) {
    case 'initialize':
      return ['content', 'web', JSON.stringify(RUNTIME_CONFIG), SDK_VERSION];
    case 'getContext':
      return [legacyContext()];
    case 'authentication.getAuthToken':
      return token === null ? [false, param(HARNESS_PARAMS.authError, 'FailedToGetToken')] : [true, token];
    default:
      // Fire-and-forget messages (registerHandler, appInitialization.success) need no answer.
      return undefined;
  }
}

function isTeamsRequest(data: unknown): data is TeamsRequest {
  if (typeof data !== 'object' || data === null) {
    return false;
  }
  const candidate = data as Partial<TeamsRequest>;
  return typeof candidate.id === 'number' && typeof candidate.func === 'string' && Array.isArray(candidate.args);
}

function findFrame(): HTMLIFrameElement {
  const found = document.querySelector('iframe');
  if (found === null) {
    throw new Error('The harness page has no iframe');
  }
  return found;
}

const frame = findFrame();
const received: ReceivedMessage[] = [];

function tabWindow(): Window {
  const target = frame.contentWindow;
  if (target === null) {
    throw new Error('The tab frame has no window');
  }
  return target;
}

function handleMessage(event: MessageEvent<unknown>): void {
  if (event.source !== frame.contentWindow || !isTeamsRequest(event.data)) {
    return;
  }
  const request = event.data;
  received.push({ func: request.func, args: request.args, at: Date.now() });
  if (mode === 'silent') {
    return;
  }
  const args = answerFor(request);
  if (args !== undefined) {
    tabWindow().postMessage({ id: request.id, uuidAsString: request.uuidAsString, args }, window.location.origin);
  }
}

window.addEventListener('message', handleMessage);
window.teamsHarness = {
  received,
  sendThemeChange(theme: string): void {
    tabWindow().postMessage({ func: 'themeChange', args: [theme] }, window.location.origin);
  },
};
frame.src = param(HARNESS_PARAMS.tabPath, '/tab/');
