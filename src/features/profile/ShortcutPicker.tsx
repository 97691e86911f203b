import { Box, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type LucideIcon, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '../../data/api/api-error';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { getSession, updateSessionUser } from '../../data/session/session';
import { showToast } from '../../ui/toaster';
import { saveShortcuts } from './profile-api';

/** The server keeps at most this many shortcuts per user (PUT /api/users/me/shortcuts). */
const MAX_SHORTCUTS = 20;

/** A navigation item as the shell hands it over (src/app/navigation.ts NavItem). */
export interface ShortcutItem {
  id: string;
  title: MessageDescriptor;
  icon: LucideIcon;
}

/**
 * The add menu of the shortcut bar: filter the navigation by title (docs/spec-texts.md#menu-and-screens: "Search for an app or
 * page", "No results.."), star or unstar an item. `autoFocus` puts the cursor in the search field
 * (opened by click or keyboard; not when a resting pointer opened it).
 */
export function ShortcutPicker({
  items,
  starred,
  autoFocus = true,
  onClose,
}: {
  items: ShortcutItem[];
  starred: string[];
  autoFocus?: boolean;
  onClose: (how: 'escape' | 'outside') => void;
}) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // Also when a menu the pointer opened is then clicked: the cursor goes to the search field.
  useEffect(() => {
    if (autoFocus) search.current?.focus();
  }, [autoFocus]);
  const needle = filter.trim().toLocaleLowerCase();
  const shown = items.filter((item) => i18n._(item.title).toLocaleLowerCase().includes(needle));

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const owner = panel.current?.parentElement?.parentElement;
      if (owner && !owner.contains(event.target as Node)) onClose('outside');
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [onClose]);

  async function toggle(id: string) {
    const user = getSession().user;
    if (!user) return;
    const next = starred.includes(id)
      ? starred.filter((s) => s !== id)
      : [...starred, id].slice(-MAX_SHORTCUTS);
    updateSessionUser({ ...user, shortcuts: next });
    try {
      updateSessionUser(await saveShortcuts(next));
    } catch (error) {
      updateSessionUser(user);
      showToast(
        'error',
        isApiRequestError(error) && !error.isUnreachable
          ? translateServerMessage(i18n, error.body.message)
          : t`The server cannot be reached. Please check your connection.`,
      );
    }
  }

  return (
    <Box
      ref={panel}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      boxShadow="lg"
      padding="2"
      width={{ base: 'auto', sm: '72' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose('escape');
      }}
    >
      <Input
        size="sm"
        type="search"
        ref={search}
        aria-label={t`Search for an app or page`}
        placeholder={t`Search for an app or page`}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <Stack as="ul" gap="0" marginTop="2" maxHeight="72" overflowY="auto" listStyleType="none">
        {shown.map((item) => {
          const on = starred.includes(item.id);
          const title = i18n._(item.title);
          return (
            <Box as="li" key={item.id} display="flex" alignItems="center" gap="2" paddingX="1">
              <item.icon size={16} aria-hidden="true" />
              <Text flex="1" fontSize="sm">
                {title}
              </Text>
              <IconButton
                variant="ghost"
                size="xs"
                aria-pressed={on}
                aria-label={on ? t`Remove ${title} from shortcuts` : t`Add ${title} to shortcuts`}
                onClick={() => void toggle(item.id)}
              >
                <Star aria-hidden="true" fill={on ? 'currentColor' : 'none'} />
              </IconButton>
            </Box>
          );
        })}
        {shown.length === 0 && (
          <Text as="li" fontSize="sm" color="fg.muted" padding="2">
            {t`No results..`}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
