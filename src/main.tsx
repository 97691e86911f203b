import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from './app/I18nProvider';
import { createAppRouter } from './app/router';
import { followSessionEnds } from './app/session-events';
import { activateLanguage, storedLanguage } from './data/i18n/i18n';
import { startSessionServices } from './data/session/session-services';
import { system } from './ui/system';

// The first paint is already in the chosen language (English is fetched only if chosen).
await activateLanguage(storedLanguage());

const router = createAppRouter();
followSessionEnds(router);
startSessionServices();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <I18nProvider>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </I18nProvider>
  </StrictMode>,
);

/**
 * Resolves once the page has a `<main>`, as every layout and error page has: the router's first
 * render comes a render before the layout draws its page (src/ui/InterruptibleMount.tsx).
 */
function pageDrawn(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (container.querySelector('main')) return resolve();
    const observer = new MutationObserver(() => {
      if (!container.querySelector('main')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

// Once the first page is drawn: index.html's boot screen goes in the same frame, and the service
// worker and workbox-window load (registerServiceWorker waits for the page's load too), off the
// sign-in page's way (tools/bench/size.mjs).
void pageDrawn(root).then(async () => {
  document.getElementById('boot')?.remove();
  const { registerServiceWorker } = await import('./app/pwa/service-worker');
  registerServiceWorker();
});
