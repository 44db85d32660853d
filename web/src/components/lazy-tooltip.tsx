import { cloneElement, useCallback, useEffect, useId, useRef, useState, type FocusEvent, type JSX, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { KEYBORG_FOCUSIN } from '@fluentui/react-tabster';
import { useOnDemand } from '../lib/use-on-demand.ts';

/**
 * Fluent's Tooltip (with its positioning and portal, some 17 KB gzip), loaded on the first use of
 * any tooltip, within the show delay: a page whose header has one (a topic's follow toggle)
 * fetched it before its first paint.
 */
const loadTooltip = () => import('./fluent-tooltip.ts').then((m) => m.Tooltip);

/** Fluent's own delays before a tooltip shows and hides on hover (TooltipProps.showDelay, hideDelay). */
const SHOW_DELAY_MS = 250;
const HIDE_DELAY_MS = 250;

/**
 * The last focus as Fluent's focus tracker (keyborg, under every FluentProvider) reported it:
 * whether a script moved it there. Its event reaches the document before React's focus handlers.
 */
let lastFocus: { target: EventTarget | null; programmatic: boolean } = { target: null, programmatic: false };
let watchingFocus = false;

function watchFocus(): void {
  if (watchingFocus) return;
  watchingFocus = true;
  document.addEventListener(KEYBORG_FOCUSIN, (event) => {
    const detail = (event as CustomEvent<{ isFocusedProgrammatically?: boolean } | null>).detail;
    lastFocus = { target: event.target, programmatic: detail?.isFocusedProgrammatically === true };
  });
}

/**
 * Whether a focus should show the trigger's tooltip, as Fluent's Tooltip decides: not when a
 * script moved the focus there (a dialog handing it back) unless the person is using the keyboard.
 */
function focusShows(element: HTMLElement): boolean {
  const programmatic = lastFocus.target === element && lastFocus.programmatic;
  return !programmatic || element.matches(':focus-visible');
}

/** What the tooltip adds to its trigger; the trigger's own handlers are kept. */
interface TriggerProps {
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Props of LazyTooltip: Fluent's tooltip props, with plain-text content over one element. */
export interface LazyTooltipProps {
  content: string;
  /** As Fluent's: the text names the trigger, or describes it. */
  relationship: 'label' | 'description';
  withArrow?: boolean;
  children: ReactElement<TriggerProps>;
}

/**
 * A Fluent Tooltip mounted on its first use. A phone's feed holds over a hundred tooltips (five
 * or more per card), and each Fluent Tooltip mounted with its card: hooks, listeners and, for a
 * description, a hidden portal, on a phone's main thread before anyone could point at one. Until
 * the pointer enters the trigger or focus reaches it, this gives the trigger the tooltip's text
 * as Fluent does (its name, or a description in a hidden element beside it) and nothing else.
 *
 * The Tooltip is then mounted beside the trigger, pointed at it (`positioning.target`), and
 * shown and hidden by the trigger's pointer and focus after Fluent's delays; a description's
 * hidden text gives way to the tooltip, which takes its id. It is never wrapped around the
 * trigger: that would replace the trigger's element on first use, under a pointer about to
 * click it or a focus just arrived. Fluent still hides it on Escape and when another tooltip
 * shows, and keeps it open while the pointer is over it.
 */
export function LazyTooltip(props: LazyTooltipProps): JSX.Element {
  const { children, content, relationship, withArrow = false } = props;
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | null>(null);
  // The window lost the focus, not the trigger: its coming back shows nothing (as Fluent's).
  const ignoreNextFocus = useRef(false);
  const descriptionId = useId();
  const Tooltip = useOnDemand(loadTooltip, target !== null);

  const cancel = useCallback((): void => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const later = useCallback(
    (show: boolean, ms: number): void => {
      cancel();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        setVisible(show);
      }, ms);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  useEffect(watchFocus, []);

  const own = children.props;
  const triggerProps: TriggerProps = {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      setTarget(event.currentTarget);
      later(true, SHOW_DELAY_MS);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      later(false, HIDE_DELAY_MS);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setTarget(event.currentTarget);
      if (ignoreNextFocus.current) ignoreNextFocus.current = false;
      else if (focusShows(event.currentTarget)) later(true, SHOW_DELAY_MS);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      ignoreNextFocus.current = document.activeElement === event.currentTarget;
      cancel();
      setVisible(false);
    },
    // Fluent hides a shown tooltip on Escape from a document listener it adds once the tooltip
    // has been painted (an effect): an Escape on the trigger just as it showed, before that
    // effect ran, left it open until the focus moved. The trigger's own Escape hides it too (and
    // a pending show), leaving the key to Fluent and anything else that listens.
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key !== 'Escape') return;
      cancel();
      setVisible(false);
    },
  };
  const hiddenDescription = (
    <span id={descriptionId} hidden>
      {content}
    </span>
  );
  if (relationship === 'label') triggerProps['aria-label'] = own['aria-label'] ?? content;
  else triggerProps['aria-describedby'] = [own['aria-describedby'], descriptionId].filter((id) => id !== undefined).join(' ');

  return (
    <>
      {cloneElement(children, triggerProps)}
      {/* Until Fluent's code has come, a description stays in the hidden text it had. */}
      {relationship === 'description' && (target === null || Tooltip === null) ? hiddenDescription : null}
      {target !== null && Tooltip !== null ? (
        <Tooltip
          // A name is on the trigger itself (above). A description is the tooltip's content, by
          // the id the hidden text had: Fluent keeps a description tooltip rendered while hidden.
          relationship={relationship === 'description' ? 'description' : 'inaccessible'}
          withArrow={withArrow}
          positioning={{ position: 'above', target }}
          visible={visible}
          onVisibleChange={(_event, data) => {
            cancel();
            setVisible(data.visible);
          }}
          content={{ id: descriptionId, children: content, onPointerEnter: cancel, onPointerLeave: () => later(false, HIDE_DELAY_MS) }}
        >
          {null}
        </Tooltip>
      ) : null}
    </>
  );
}

// Inside a Fluent trigger (MenuTrigger), the trigger's props go to this component's child.
LazyTooltip.isFluentTriggerComponent = true;
