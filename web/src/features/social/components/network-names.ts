import type { TFunction } from 'i18next';
import type { LinkableNetwork } from '@chorus/core';

/** The translated display name of a network. */
export function networkName(t: TFunction, network: LinkableNetwork): string {
  switch (network) {
    case 'twitter':
      return t('social:networks.twitter');
    case 'facebook':
      return t('social:networks.facebook');
    case 'linkedin':
      return t('social:networks.linkedin');
  }
}
