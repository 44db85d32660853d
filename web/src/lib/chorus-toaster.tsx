import { Toaster } from '@fluentui/react-components';
import { useEffect, type JSX } from 'react';
import { TOAST_DEFAULT_TIMEOUT_MS } from '@chorus/core';
import { announceToasterMounted, TOASTER_ID } from './toaster-id.ts';

/** The app's one Toaster: top end, 3000 ms by default as the spec says, paused on hover. */
export function ChorusToaster(): JSX.Element {
  useEffect(announceToasterMounted, []);
  return <Toaster toasterId={TOASTER_ID} position="top-end" timeout={TOAST_DEFAULT_TIMEOUT_MS} pauseOnHover />;
}
