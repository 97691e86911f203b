import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useUpdateWaiting } from '../app/pwa/update-waiting';
import type { RouterContext } from '../app/route-guard';
import { showStartNotice } from '../app/session-events';
import { BottomNoticeArea } from '../ui/BottomNotices';
import { Toaster } from '../ui/toaster';

// The update prompt's code loads only when there is an update to offer.
const UpdatePrompt = lazy(() =>
  import('../app/pwa/UpdatePrompt').then((module) => ({ default: module.UpdatePrompt })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <Navigate to="/errors/error-404" replace />,
});

function RootLayout() {
  const updateWaiting = useUpdateWaiting();
  useEffect(() => showStartNotice(), []);
  return (
    <>
      <Outlet />
      <Toaster />
      <BottomNoticeArea />
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
