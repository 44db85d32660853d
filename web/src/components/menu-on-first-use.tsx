import { useState, type JSX, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Menu, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components';
import { applyTriggerPropsToChildren, getTriggerChild } from '@fluentui/react-utilities';

/** What the menu adds to its trigger before its first use; the trigger's own handlers are kept. */
interface TriggerProps {
  'aria-haspopup'?: 'menu';
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Props of MenuOnFirstUse. */
export interface MenuOnFirstUseProps {
  /** The button that opens the menu (it may be wrapped in a LazyTooltip, which hands props on). */
  trigger: ReactElement<TriggerProps>;
  /** Where the menu opens, as Fluent's Menu `positioning`. */
  positioning?: MenuProps['positioning'];
  /** The menu's MenuList. */
  children: ReactNode;
}

/**
 * A Fluent Menu mounted on its first use. A feed card has two (its overflow menu and its queue
 * menu), and each Fluent Menu mounted with its card: its context, trigger hooks, positioning and
 * listeners, some 57 ms of the feed's first load on this machine's unthrottled Chromium (four
 * times that on Lighthouse's slowed phone), before anyone opened one.
 *
 * Until then the trigger renders alone, marked as opening a menu as Fluent's closed trigger is
 * (`aria-haspopup="menu"`). A click (Enter and Space included) or ArrowDown on it mounts the Menu
 * open around the trigger, and Fluent takes over from there: the focus goes to the first item, and
 * Escape or a choice gives it back to the trigger. The trigger's element is replaced at that
 * moment (the Menu wraps it); the focus is in the menu by then, not on the trigger.
 */
export function MenuOnFirstUse(props: MenuOnFirstUseProps): JSX.Element {
  const { trigger, positioning, children } = props;
  const [used, setUsed] = useState(false);
  if (!used) {
    // The button itself, inside any trigger wrapper (LazyTooltip), as Fluent's triggers find it.
    const own = getTriggerChild<TriggerProps>(trigger)?.props ?? {};
    const triggerProps: TriggerProps = {
      'aria-haspopup': 'menu',
      onClick: (event) => {
        own.onClick?.(event);
        setUsed(true);
      },
      onKeyDown: (event) => {
        own.onKeyDown?.(event);
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setUsed(true);
      },
    };
    return <>{applyTriggerPropsToChildren(trigger, triggerProps)}</>;
  }
  return (
    <Menu defaultOpen positioning={positioning}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>{children}</MenuPopover>
    </Menu>
  );
}
