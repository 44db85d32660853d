/** The settings screen (without its social and queue sections, which the route composes in). */
export { SettingsForm, type SettingsFormProps } from './components/settings-form.tsx';
export { useAnchorScroll } from './hooks/use-anchor-scroll.ts';
export { settingsNetwork } from './utils/settings-form.ts';
