import { ErrorCode, Network, type ShareableNetworkId } from '@chorus/core';

/**
 * The message of a failed share (content-library spec 8): on Facebook, 470 (a caption that
 * does not pass compliance) has its own wording, 'There was a problem sharing this content to
 * Facebook. Please contact your administrator.', and every other failure the general one;
 * elsewhere a known code gives its own message (470: 'Please rephrase to share.') and an
 * unknown failure the general one. Returns the translation key, or null for the code's own
 * message (errorText).
 */
export function shareFailureKey(networkId: ShareableNetworkId, code: number): 'share:messages.facebookProblem' | 'share:messages.failed' | null {
  if (networkId === Network.FACEBOOK) return code === ErrorCode.REPHRASE ? 'share:messages.facebookProblem' : 'share:messages.failed';
  return code === ErrorCode.UNKNOWN ? 'share:messages.failed' : null;
}
