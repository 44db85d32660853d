import type { JSX, ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for assistive technology only. */
export function VisuallyHidden(props: { children: ReactNode }): JSX.Element {
  return <span className={styles.root}>{props.children}</span>;
}
