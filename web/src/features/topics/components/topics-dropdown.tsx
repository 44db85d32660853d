import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { JSX } from 'react';
import { Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userTopicsQueryOptions } from '../api/user-topics.ts';

// The popover (Fluent's Popover and the topic list) loads on first use.
const TopicsPopover = lazy(() => import('./topics-popover.tsx').then((m) => ({ default: m.TopicsPopover })));

/**
 * The top bar's topics menu: a button opening the followed topics in columns, then Bookmarks,
 * Featured, Manage Topics. The popover mounts on first use, beside its button (positioned on it
 * as target) rather than around it: a mounted Fluent popover trigger sets up focus trapping,
 * whose hidden focusable sentinels on the body fail Lighthouse's aria-hidden-focus audit on
 * every page, and its code is not part of the first render.
 */
export function TopicsDropdown(): JSX.Element {
  const { t } = useTranslation(['library']);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Following a link closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  // The followed topics are asked for with the bar (it renders after the page's first paint), so
  // the menu opens at its full size: asked for only as it opened, they came after its links had
  // painted and pushed them down, under a pointer about to click Bookmarks.
  const client = useQueryClient();
  useEffect(() => void client.prefetchQuery(userTopicsQueryOptions()), [client]);

  return (
    <>
      <Button
        ref={button}
        appearance="subtle"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          // From the value rendered: a click here while open has already closed it as a click
          // outside the popover (Fluent listens in the capture phase), and must not reopen it.
          setOpen(!open);
        }}
        onKeyDown={(event) => {
          // Enter opens it on keydown, with the default prevented: the popover moves the focus
          // to its first link at once, and the key's native activation would follow that link.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          setUsed(true);
          setOpen(!open);
        }}
      >
        {t('library:topics.button')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <TopicsPopover
            open={open}
            target={button.current}
            onOpenChange={(next, byKeyboard) => {
              setOpen(next);
              // Escape hands the focus back to the button, as a popover's own trigger would.
              if (!next && byKeyboard) button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
