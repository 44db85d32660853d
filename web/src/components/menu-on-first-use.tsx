import { useState, type FocusEvent, type JSX, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import type { MenuProps } from '@fluentui/react-components';
import { applyTriggerPropsToChildren, getTriggerChild } from '@fluentui/react-utilities';
import { useOnDemand } from '../lib/use-on-demand.ts';

/**
 * Fluent's Menu, MenuTrigger and MenuPopover (with their positioning, floating-ui and focus
 * handling), loaded when the first menu is about to be used.
 */
const loadMenu = () => import('./fluent-menu.ts');

/** What the menu adds to its trigger before its first use; the trigger's own handlers are kept. */
interface TriggerProps {
  'aria-haspopup'?: 'menu';
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
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
 * A Fluent Menu mounted on its first use. A feed card has one or two (its overflow menu, the
 * legacy share bar's queue menu) and the top bar two (the account menu, the company switcher),
 * and each Fluent Menu mounted with its page: its context, trigger hooks, positioning and
 * listeners, some 30 ms of the feed's first load in an unthrottled Chromium (four times that on
 * Lighthouse's slowed phone), before anyone opened one; and its code came with the page.
 *
 * Until then the trigger renders alone, marked as opening a menu as Fluent's closed trigger is
 * (`aria-haspopup="menu"`). The Menu's code is asked for when the pointer enters the trigger or
 * the focus reaches it. A click (Enter and Space included) or ArrowDown on the trigger mounts the
 * Menu open around it, as soon as its code is in, and Fluent takes over from there: the focus
 * goes to the first item, and Escape or a choice gives it back to the trigger. The trigger's
 * element is replaced at that moment (the Menu wraps it); the focus is in the menu by then.
 */
export function MenuOnFirstUse(props: MenuOnFirstUseProps): JSX.Element {
  const { trigger, positioning, children } = props;
  const [wanted, setWanted] = useState(false);
  const [used, setUsed] = useState(false);
  const fluent = useOnDemand(loadMenu, wanted || used);
  if (!used || fluent === null) {
    // The button itself, inside any trigger wrapper (LazyTooltip), as Fluent's triggers find it.
    const own = getTriggerChild<TriggerProps>(trigger)?.props ?? {};
    const triggerProps: TriggerProps = {
      'aria-haspopup': 'menu',
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        setWanted(true);
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        setWanted(true);
      },
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
  const { Menu, MenuPopover, MenuTrigger } = fluent;
  return (
    <Menu defaultOpen positioning={positioning}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>{children}</MenuPopover>
    </Menu>
  );
}
