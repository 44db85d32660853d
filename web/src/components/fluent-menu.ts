/** Fluent's Menu shell (with its positioning), in a module of its own so MenuOnFirstUse can load it on first use. */
export { Menu, MenuPopover, MenuTrigger } from '@fluentui/react-components';
