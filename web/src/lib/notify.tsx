import { createElement, useMemo } from 'react';
import { useToastController } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ErrorCode, errorMessageKey, isApiError } from '@chorus/core';
import { requestToaster, TOASTER_ID, toasterMounted } from './toaster-id.ts';

/** "Try again in N minutes" (or seconds, under a minute) for a wait the server asked for. */
export function retryText(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('message.retryInSeconds', { ns: 'errors', count: seconds });
  return t('message.retryInMinutes', { ns: 'errors', count: Math.ceil(seconds / 60) });
}

/**
 * The translated message of a failure: the spec's message for its code, else the default,
 * followed by how long to wait when the server said so (lock-outs 308 and 425).
 */
export function errorText(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.code : ErrorCode.UNKNOWN;
  const fallback = isApiError(error) ? error.message : t('code.202', { ns: 'errors' });
  const message = t(errorMessageKey(code), { ns: 'errors', defaultValue: fallback });
  const wait = isApiError(error) ? error.retryAfterSeconds : undefined;
  return wait === undefined ? message : `${message} ${retryText(t, wait)}`;
}

interface NoticeOptions {
  /** Defaults to "Error" for errors and none for successes. */
  title?: string;
  /** Milliseconds; the Toaster's default (3000 ms per the spec) when absent. */
  timeout?: number;
  /** One action offered in the toast (an undo); choosing it closes the toast. */
  action?: ToastAction;
}

/** An action button inside a toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

let toastCount = 0;

/** Shows error and success toasts. */
export interface Notifier {
  error: (message: string, options?: NoticeOptions) => void;
  /** A toast for a failed call, with the translated message of its code. */
  failure: (error: unknown, options?: NoticeOptions) => void;
  success: (message: string, options?: NoticeOptions) => void;
}

/** Toasts through the app's Toaster; the Toaster and the toast markup load on first use. */
export function useNotify(): Notifier {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  const { t } = useTranslation();
  return useMemo(() => {
    const show = (intent: 'error' | 'success', message: string, options: NoticeOptions = {}): void => {
      requestToaster();
      void Promise.all([import('./toast-content.tsx'), toasterMounted]).then(([{ ToastContent }]) => {
        const toastId = `toast-${++toastCount}`;
        const action = options.action && {
          label: options.action.label,
          onClick: () => {
            dismissToast(toastId);
            options.action?.onClick();
          },
        };
        dispatchToast(
          createElement(ToastContent, { title: options.title, message, action }),
          options.timeout === undefined ? { intent, toastId } : { intent, toastId, timeout: options.timeout },
        );
      });
    };
    return {
      error: (message, options) => show('error', message, { title: t('title.error', { ns: 'errors' }), ...options }),
      failure: (error, options) => show('error', errorText(t, error), { title: t('title.error', { ns: 'errors' }), ...options }),
      success: (message, options) => show('success', message, options),
    };
  }, [dispatchToast, dismissToast, t]);
}
