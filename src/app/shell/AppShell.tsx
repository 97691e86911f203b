import {
  Box,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Portal,
  Spacer,
  useBreakpointValue,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  BOXED_LAYOUT_MAX_WIDTH_PX,
  NAVBAR_FOLDED_WIDTH_PX,
  NAVBAR_WIDTH_PX,
} from '../../../contract/constants';
import { usePublicConfig } from '../../data/api/public-config';
import { loadCatalog } from '../../data/i18n/i18n';
import { useChatUnread, useFollowChatUnread } from '../../data/lookups/chat-unread';
import {
  animationDurations,
  followAnimationSettings,
  useAnimationSettings,
} from '../../data/preferences/animation-settings';
import { useLayoutSettings } from '../../data/preferences/layout-settings';
import { chooseLayout } from '../../data/preferences/user-settings';
import { sessionRole, useSession } from '../../data/session/session';
import { BOTTOM_NOTICE_SPACE } from '../../ui/BottomNotices';
import { InterruptibleMount } from '../../ui/InterruptibleMount';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { buildNavigation, visibleNavigation } from '../navigation';
import { useFollowOpenAlarms } from './alarm-count';
import { Brand } from './Brand';
import { DesignEditorLink } from './DesignEditorLink';
import { FullscreenToggle } from './FullscreenToggle';
import { HorizontalNavigation } from './HorizontalNavigation';
import { LanguageMenu } from './LanguageMenu';
import { ShortcutBar } from './ShortcutBar';
import { UserMenu } from './UserMenu';
import { VerticalNavigation } from './VerticalNavigation';
import '../../ui/app-recipes';

// The sync status and its texts load after the first paint, off the sign-in page's budget.
const loadSyncStatus = () =>
  Promise.all([import('../../features/offline/SyncStatusButton'), loadCatalog('offline')]).then(
    ([module]) => module,
  );
const SyncStatusButton = lazy(() =>
  loadSyncStatus().then((module) => ({ default: module.SyncStatusButton })),
);
const ShownFromCacheNotice = lazy(() =>
  loadSyncStatus().then((module) => ({ default: module.ShownFromCacheNotice })),
);
const OfflineNotice = lazy(() => loadSyncStatus().then((module) => ({ default: module.OfflineNotice })));
// The scanner's button and icon load after sign-in too; the scanner itself with its route.
const ScanButton = lazy(() =>
  Promise.all([import('../../features/scan/ScanButton'), loadCatalog('screens')]).then(([module]) => module),
);
const PersistNotice = lazy(() => loadSyncStatus().then((module) => ({ default: module.PersistNotice })));

/**
 * Fades each page in (docs/spec-texts.md#constants: 1000 ms; not at all with animations off). Through the Web Animations
 * API on the page's frame, so that no page is mounted again for it.
 */
function usePageFadeIn() {
  const frame = useRef<HTMLDivElement>(null);
  const pageId = useRouterState({ select: (state) => state.matches.at(-1)?.routeId });
  const { enabled } = useAnimationSettings();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (`pageId`) fades in
  useEffect(() => {
    const duration = animationDurations(enabled).animationMs;
    if (duration <= 0 || typeof frame.current?.animate !== 'function') return;
    const fade = frame.current.animate([{ opacity: 0 }, { opacity: 1 }], { duration, easing: 'ease-out' });
    return () => fade.cancel();
  }, [pageId]);
  return frame;
}

/**
 * The signed-in frame: toolbar, navigation (side bar or menu bar, a drawer on phones and
 * tablets) and the page, boxed to 1280 px.
 */
export function AppShell() {
  return (
    <InterruptibleMount>
      <ShellFrame />
    </InterruptibleMount>
  );
}

function ShellFrame() {
  const { t } = useLingui();
  useFollowChatUnread();
  useFollowOpenAlarms();
  const chatUnread = useChatUnread();
  const session = useSession();
  const role = sessionRole(session);
  const designEditorUrl = usePublicConfig()?.designEditorUrl;
  const groups = useMemo(
    () => visibleNavigation(role, buildNavigation({ designEditorUrl })),
    [role, designEditorUrl],
  );
  const { navLayout, navFolded } = useLayoutSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const vertical = navLayout === 'vertical';
  // Below `lg` the navigation lives in the drawer: the side or menu bar is not rendered at all
  // there, not only hidden, since it was a third of a phone's first render (docs/performance.md).
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
  const foldLabel = navFolded ? t`Unfold navigation` : t`Fold navigation`;
  useEffect(() => followAnimationSettings(), []);
  const pageFrame = usePageFadeIn();

  return (
    <Box bg="bg.muted" minHeight="100dvh">
      <UnsavedChangesGuard />
      <Box
        asChild
        position="absolute"
        left="2"
        top="2"
        zIndex="skipLink"
        bg="bg"
        padding="2"
        borderRadius="l2"
        transform="translateY(-200%)"
        _focus={{ transform: 'none' }}
      >
        <a href="#main-content">{t`Skip to content`}</a>
      </Box>
      <Flex
        maxWidth={`${BOXED_LAYOUT_MAX_WIDTH_PX}px`}
        marginInline="auto"
        minHeight="100dvh"
        bg="bg"
        boxShadow="sm"
      >
        {vertical && wide && (
          <Box
            width={`${navFolded ? NAVBAR_FOLDED_WIDTH_PX : NAVBAR_WIDTH_PX}px`}
            flexShrink="0"
            borderEndWidth="1px"
            position="sticky"
            top="0"
            height="100dvh"
            overflowY="auto"
            transition="width 0.2s"
          >
            {/* The logo and the fold button inside the navigation's landmark: nothing outside one. */}
            <VerticalNavigation
              groups={groups}
              folded={navFolded}
              top={
                <Flex
                  align="center"
                  justify={navFolded ? 'center' : 'space-between'}
                  height="14"
                  paddingX={navFolded ? '0' : '4'}
                  borderBottomWidth="1px"
                >
                  {!navFolded && <Brand />}
                  <IconButton
                    variant="ghost"
                    size="sm"
                    aria-label={foldLabel}
                    title={foldLabel}
                    aria-pressed={navFolded}
                    onClick={() => chooseLayout({ navFolded: !navFolded })}
                  >
                    {navFolded ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
                  </IconButton>
                </Flex>
              }
            />
          </Box>
        )}

        <Flex direction="column" flex="1" minWidth="0">
          <Flex
            as="header"
            align="center"
            // No gap on phones: with the scan button the toolbar of an admin fills 360 px to the last pixel.
            gap={{ base: '0', sm: '1' }}
            height="14"
            paddingX={{ base: '2', md: '4' }}
            borderBottomWidth="1px"
            position="sticky"
            top="0"
            zIndex="sticky"
            bg="bg"
          >
            <IconButton
              display={{ base: 'inline-flex', lg: 'none' }}
              position="relative"
              variant="ghost"
              size="sm"
              aria-label={chatUnread > 0 ? t`Open navigation (unread messages)` : t`Open navigation`}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon aria-hidden="true" />
              {/* The drawer hides the chat's count on phones: a dot says there is something. */}
              {chatUnread > 0 && (
                <Box
                  position="absolute"
                  top="1"
                  insetEnd="1"
                  boxSize="2"
                  borderRadius="full"
                  bg="red.solid"
                  aria-hidden="true"
                />
              )}
            </IconButton>
            <Box display={vertical ? { base: 'block', lg: 'none' } : 'block'} minWidth="0">
              <Brand showName={!vertical} hideNameBelow="md" />
            </Box>
            <ShortcutBar groups={groups} />
            <Spacer />
            <Suspense fallback={null}>
              <ScanButton />
            </Suspense>
            <Suspense fallback={null}>
              <SyncStatusButton />
            </Suspense>
            <LanguageMenu />
            <DesignEditorLink />
            <FullscreenToggle />
            <UserMenu />
          </Flex>

          {!vertical && wide && <HorizontalNavigation groups={groups} />}

          <Box
            as="main"
            id="main-content"
            tabIndex={-1}
            flex="1"
            padding={{ base: '3', md: '6' }}
            // Room at the end for the notices standing over the page's bottom (src/ui/BottomNotices.tsx).
            paddingBottom={{
              base: `calc(var(--chakra-spacing-3) + ${BOTTOM_NOTICE_SPACE})`,
              md: `calc(var(--chakra-spacing-6) + ${BOTTOM_NOTICE_SPACE})`,
            }}
            minWidth="0"
          >
            <Suspense fallback={null}>
              <OfflineNotice />
              <PersistNotice />
              <ShownFromCacheNotice />
            </Suspense>
            <Box ref={pageFrame}>
              <Outlet />
            </Box>
          </Box>
        </Flex>
      </Flex>

      <Drawer.Root open={drawerOpen} onOpenChange={({ open }) => setDrawerOpen(open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxWidth={`${NAVBAR_WIDTH_PX}px`}>
              <Drawer.Header paddingX="4" paddingY="3" borderBottomWidth="1px">
                <Drawer.Title asChild>
                  <Box>
                    <Brand />
                  </Box>
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body padding="0">
                <VerticalNavigation groups={groups} onNavigate={() => setDrawerOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`Close navigation`} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
