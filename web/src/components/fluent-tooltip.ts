/** Fluent's Tooltip, in a module of its own so LazyTooltip can load it on first use. */
export { Tooltip } from '@fluentui/react-components';
