import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';

export function createAppRouter() {
  const router = createRouter({
    routeTree,
    context: { previousHref: () => router.state.resolvedLocation?.href },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: lazyRouteComponent(
      () => import('../features/error-pages/ServerErrorPage'),
      'ServerErrorPage',
    ),
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
