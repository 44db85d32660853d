import { Link, Toast, ToastBody, ToastFooter, ToastTitle } from '@fluentui/react-components';
import type { JSX } from 'react';
import type { ToastAction } from './notify.tsx';

/** The body of a toast; loaded on first use so toasts cost nothing at start-up. */
export function ToastContent(props: { title: string | undefined; message: string; action?: ToastAction | undefined }): JSX.Element {
  return (
    <Toast>
      {props.title ? <ToastTitle>{props.title}</ToastTitle> : null}
      <ToastBody>{props.message}</ToastBody>
      {props.action ? (
        <ToastFooter>
          <Link as="button" onClick={props.action.onClick}>
            {props.action.label}
          </Link>
        </ToastFooter>
      ) : null}
    </Toast>
  );
}
