import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import {
  lazy,
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { SHORTCUT_HOVER_DELAY_MS } from '../../../contract/constants';
import { loadCatalog } from '../../data/i18n/i18n';
import { useSession } from '../../data/session/session';
import { type NavGroup, navigationItems } from '../navigation';

// The add menu and its texts (accounts catalog) load on first use, keeping them off the first load;
// a pointer resting on the star starts loading them, so the menu is there when the delay is over.
let pickerModule: ReturnType<typeof loadPickerModule> | null = null;
function loadPickerModule() {
  return Promise.all([import('../../features/profile/ShortcutPicker'), loadCatalog('accounts')]).then(
    ([module]) => ({ default: module.ShortcutPicker }),
  );
}
const preloadPicker = () => {
  pickerModule ??= loadPickerModule();
  return pickerModule;
};
const ShortcutPicker = lazy(preloadPicker);

/** How long the menu opened by hovering stays after the pointer left it (to cross small gaps). */
const HOVER_CLOSE_DELAY_MS = 300;

/**
 * How the add menu was opened: by resting the pointer on the star (docs/spec-texts.md#constants: after 150 ms; it closes
 * again when the pointer leaves, unless the user started using it), or by click or keyboard (stays
 * until closed, with the search field focused).
 */
type OpenedBy = 'hover' | 'click' | null;

/** docs/spec-texts.md#menu-and-screens: the user's starred navigation items as toolbar icons, and a menu to star more. */
export function ShortcutBar({ groups }: { groups: NavGroup[] }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const items = navigationItems(groups);
  const starred = user?.shortcuts ?? [];
  const shown = items.filter((item) => starred.includes(item.id));
  const open = openedBy !== null;

  const clearHoverTimer = () => clearTimeout(hoverTimer.current);
  // No timer outlives the toolbar.
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const close = useCallback((returnFocus = false) => {
    clearTimeout(hoverTimer.current);
    setOpenedBy(null);
    if (returnFocus) trigger.current?.focus();
  }, []);
  // Escape gives the focus back to the star; a click elsewhere leaves it where the user clicked.
  const onPickerClose = useCallback((how: 'escape' | 'outside') => close(how === 'escape'), [close]);

  // Only a mouse hovers: a touch also sends pointerenter, right before its click.
  const onPointerEnter = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearHoverTimer();
    if (open) return;
    void preloadPicker();
    hoverTimer.current = setTimeout(() => setOpenedBy('hover'), SHORTCUT_HOVER_DELAY_MS);
  };
  const onPointerLeave = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearHoverTimer();
    if (openedBy !== 'hover') return;
    hoverTimer.current = setTimeout(() => {
      // The user typed or tabbed into the menu: it is his now, until he closes it.
      if (menu.current?.contains(document.activeElement)) return;
      setOpenedBy(null);
    }, HOVER_CLOSE_DELAY_MS);
  };

  return (
    <HStack as="nav" aria-label={t`Shortcuts`} gap="0.5" position="relative">
      {shown.map((item) => (
        <IconButton
          key={item.id}
          asChild
          variant="ghost"
          size="sm"
          display={{ base: 'none', sm: 'inline-flex' }}
          aria-label={i18n._(item.title)}
          title={i18n._(item.title)}
        >
          <Link to={item.path}>
            <item.icon aria-hidden="true" />
          </Link>
        </IconButton>
      ))}
      <Box
        display="contents"
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            close(true);
          }
        }}
      >
        <IconButton
          ref={trigger}
          variant="ghost"
          size="sm"
          aria-label={t`Edit shortcuts`}
          title={open ? undefined : t`Edit shortcuts`}
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => {
            clearHoverTimer();
            // A click on a menu the pointer opened keeps it open (and focuses its search field).
            if (openedBy === 'click') close();
            else setOpenedBy('click');
          }}
        >
          <Star aria-hidden="true" />
        </IconButton>
        {open && (
          <Box
            ref={menu}
            id={menuId}
            position={{ base: 'fixed', sm: 'absolute' }}
            top={{ base: '14', sm: '100%' }}
            left={{ base: '2', sm: '0' }}
            right={{ base: '2', sm: 'auto' }}
            zIndex="dropdown"
            // The gap to the star belongs to the menu, so that the pointer can cross it.
            paddingTop="1"
          >
            <Suspense fallback={null}>
              <ShortcutPicker
                items={items}
                starred={starred}
                autoFocus={openedBy === 'click'}
                onClose={onPickerClose}
              />
            </Suspense>
          </Box>
        )}
      </Box>
    </HStack>
  );
}
