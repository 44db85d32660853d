/** A person as lists of likers, sharers and commenters show them. */
import type { PersonSummary } from '@chorus/core';

/** The user columns a person summary needs. */
export interface PersonColumns {
  id: number;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

/** A person's full name as lists show it: first and last name, empty when they gave none. */
export function fullName(user: Pick<PersonColumns, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Presents a person: id, full name and avatar. */
export function presentPerson(user: PersonColumns): PersonSummary {
  return { id: user.id, full_name: fullName(user), picture_images: { avatar: user.avatar } };
}
