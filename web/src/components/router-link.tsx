import { Button, Link } from '@fluentui/react-components';
import type { ButtonProps } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router';
import type { To } from 'react-router';
import type { JSX, MouseEvent, ReactNode } from 'react';

interface RouterLinkProps {
  to: To;
  children: ReactNode;
  className?: string;
  appearance?: 'default' | 'subtle';
  inline?: boolean;
  replace?: boolean;
  /** History state of the new entry. */
  state?: unknown;
  'aria-label'?: string;
  id?: string;
}

/** A Fluent link that navigates inside the app (respecting the router's basename). */
export function RouterLink({ to, replace, state, ...rest }: RouterLinkProps): JSX.Element {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { ...(replace === undefined ? {} : { replace }), state });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (!event.defaultPrevented) navigate(event);
  };
  return <Link {...rest} href={href} onClick={handleClick} />;
}

interface RouterButtonLinkProps {
  to: To;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  icon?: ButtonProps['icon'];
  className?: string;
  size?: ButtonProps['size'];
}

/** A link that looks like a Fluent button, for navigation actions shown as buttons. */
export function RouterButtonLink({ to, ...rest }: RouterButtonLinkProps): JSX.Element {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (!event.defaultPrevented) navigate(event);
  };
  return <Button {...rest} as="a" href={href} onClick={handleClick} />;
}
