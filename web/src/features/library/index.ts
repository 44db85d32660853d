/** The content library's state (filter, sort, search) and its controls. */
export { DEFAULT_LIBRARY_STATE, useLibraryState, type LibraryState } from '../../lib/library-state.ts';
export { LibraryControls } from './components/library-controls.tsx';
