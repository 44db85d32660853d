export { openInTeamsHarness, serveTeamsHarness, HARNESS_PATH } from './open-in-teams-harness.ts';
export type { OpenHarnessOptions, TeamsHarness } from './open-in-teams-harness.ts';
export { harnessQuery, HARNESS_PARAMS } from './protocol.ts';
export type { HarnessMode, HarnessOptions, ReceivedMessage, TeamsHarnessApi } from './protocol.ts';
