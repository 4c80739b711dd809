import { FIRST_SCREEN_ATTRIBUTE } from '@agent-console/contract/boot';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createApp, routerReady } from './app/app';
import { firstTabs, startWithTabs } from './app/layout/tabs-store';
import { prefersReducedMotion } from './lib/reduced-motion';
import { agentInfoQuery } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { queryClient, router } = createApp();

/** Once the console has taken the server's drawing over, the root element says so no more. */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => container?.removeAttribute(FIRST_SCREEN_ATTRIBUTE), []);
  return children;
}

const app = (
  <StrictMode>
    <TakenOver>
      <App queryClient={queryClient} router={router} />
    </TakenOver>
  </StrictMode>
);

/**
 * The server drew the first screen (contract boot.ts): once the route is ready (its chunks and
 * loaders), the console takes that drawing over as it is (hydration: same markup, nothing drawn
 * again), starting with the tabs the server drew. The server draws with antd's motion on (it
 * cannot know the system's setting): where the system asks for reduced motion, antd's tree is not
 * the same, and the console draws the same screen again in its place instead. A drawing it cannot
 * take over otherwise React draws again, and says so in the browser's console.
 */
async function takeOver(root: HTMLElement): Promise<void> {
  await routerReady(router);
  const agent = queryClient.getQueryData(agentInfoQuery().queryKey);
  if (agent) startWithTabs(firstTabs(agent, router.state.location, router.state.matches));
  if (prefersReducedMotion()) {
    createRoot(root).render(app);
    return;
  }
  hydrateRoot(root, app, {
    onRecoverableError: (error, info) =>
      console.error('The first screen was drawn again:', error, info.componentStack),
  });
}

if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) void takeOver(container);
else createRoot(container).render(app);
