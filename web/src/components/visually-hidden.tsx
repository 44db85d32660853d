import type { JSX, ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/** Text for assistive technology only. */
export function VisuallyHidden(props: { children: ReactNode }): JSX.Element {
  return <span className={useStyles().root}>{props.children}</span>;
}
