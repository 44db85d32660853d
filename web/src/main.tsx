import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChorusApp } from './app/chorus-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render is a transition, so React renders it in slices and yields to the browser
// between them: a phone stays responsive while the first screen is built, instead of one long
// task. The boot spinner in index.html shows until it commits.
startTransition(() => {
  root.render(
    <StrictMode>
      <ChorusApp host="web" />
    </StrictMode>,
  );
});
