import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { loadCatalog } from '../../data/i18n';
import { useSession } from '../../data/session';
import { type NavGroup, navigationItems } from '../navigation';

// The add menu and its texts (accounts catalog) load on first use, keeping them off the first load.
const ShortcutPicker = lazy(() =>
  Promise.all([import('../../features/profile/ShortcutPicker'), loadCatalog('accounts')]).then(
    ([module]) => ({
      default: module.ShortcutPicker,
    }),
  ),
);

/** Spec §2: the user's starred navigation items as toolbar icons, and a menu to star more. */
export function ShortcutBar({ groups }: { groups: NavGroup[] }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const items = navigationItems(groups);
  const starred = user?.shortcuts ?? [];
  const shown = items.filter((item) => starred.includes(item.id));

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
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t`Edit shortcuts`}
        title={t`Edit shortcuts`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Star aria-hidden="true" />
      </IconButton>
      {open && (
        <Box
          position={{ base: 'fixed', sm: 'absolute' }}
          top={{ base: '14', sm: '100%' }}
          left={{ base: '2', sm: '0' }}
          right={{ base: '2', sm: 'auto' }}
          zIndex="dropdown"
          marginTop="1"
        >
          <Suspense fallback={null}>
            <ShortcutPicker items={items} starred={starred} onClose={() => setOpen(false)} />
          </Suspense>
        </Box>
      )}
    </HStack>
  );
}
