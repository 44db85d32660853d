import { app } from '@microsoft/teams-js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTab } from './start-up.ts';
import type { TeamsHostApi } from './start-up.ts';
import { TabRoot } from './tab-root.tsx';

const teamsHost: TeamsHostApi = {
  initialize: () => app.initialize(),
  getContext: () => app.getContext(),
  notifySuccess: () => app.notifySuccess(),
};

function handleThemeChangeSubscription(handler: (theme: string) => void): void {
  app.registerOnThemeChangeHandler(handler);
}

async function mount(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) {
    throw new Error('tabs/index.html has no #root element');
  }
  const start = await startTab(teamsHost);
  createRoot(container).render(
    <StrictMode>
      <TabRoot start={start} onThemeChange={handleThemeChangeSubscription} />
    </StrictMode>,
  );
}

void mount();
