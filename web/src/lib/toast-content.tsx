import { Toast, ToastBody, ToastTitle } from '@fluentui/react-components';
import type { JSX } from 'react';

/** The body of a toast; loaded on first use so toasts cost nothing at start-up. */
export function ToastContent(props: { title: string | undefined; message: string }): JSX.Element {
  return (
    <Toast>
      {props.title ? <ToastTitle>{props.title}</ToastTitle> : null}
      <ToastBody>{props.message}</ToastBody>
    </Toast>
  );
}
