import { createContext } from 'react';
import type { RefObject } from 'react';

/** The list page the person is on, or opened the post modal from; null before any. */
export const ListPathContext = createContext<RefObject<string | null>>({ current: null });
