/** A person as lists of likers, sharers and commenters show them. */
import type { PersonSummary } from '@chorus/core';

/** The user columns a person summary needs. */
export interface PersonColumns {
  id: number;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

/** Presents a person: id, full name and avatar. */
export function presentPerson(user: PersonColumns): PersonSummary {
  return { id: user.id, full_name: `${user.firstName} ${user.lastName}`.trim(), picture_images: { avatar: user.avatar } };
}
