/**
 * Linked social networks and per-network queue settings, for the settings screen and
 * onboarding. The settings route composes these sections with the settings form.
 */
export { SocialSettingsSection, type SocialSettingsSectionProps } from './components/social-settings-section.tsx';
export { QueueSettingsSection, type QueueSettingsSectionProps } from './components/queue-settings-section.tsx';
export { useHasLinkedNetwork, useSocialNetworks } from './api/social-networks.ts';
