import type { JSX } from 'react';
import type { UserCompany } from '@chorus/core';
import { MobileMenu } from '../../features/top-bar/components/mobile-menu.tsx';
import { SuggestButton } from '../../features/suggest/index.ts';
import { useUserTopics } from '../../features/topics/api/user-topics.ts';

/**
 * The phone menu with what other features give it: the topics the member follows and the
 * Suggest content action. Features do not import each other (eslint.config.js); the app layer
 * puts them together. Loaded after the first paint, as the menu always was.
 */
export function MobileMenuSlot(props: { companies: readonly UserCompany[]; currentCompanyId: number; currentName: string }): JSX.Element {
  const topics = useUserTopics();
  const followed = (topics.data?.objects ?? []).filter((entry) => entry.is_followed).map((entry) => ({ id: entry.category.id, name: entry.category.name }));
  return <MobileMenu {...props} followedTopics={followed} renderSuggest={(className) => <SuggestButton className={className} />} />;
}
