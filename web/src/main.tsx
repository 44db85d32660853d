import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChorusApp } from './app/chorus-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ChorusApp host="web" />
  </StrictMode>,
);
