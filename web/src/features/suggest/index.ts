/** Suggesting content: the top bar's button (the modal behind it loads on demand). */
export { SuggestButton } from './components/suggest-button.tsx';
