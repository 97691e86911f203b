import { Box, Button, Menu } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown, ExternalLink } from 'lucide-react';
import type { NavCollapse, NavEntry, NavGroup, NavItem, NavLink } from '../navigation';
import { NavItemBadge } from './NavItemBadge';

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

const entryStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '9',
  paddingInline: '3',
  borderRadius: 'l2',
  color: 'fg.muted',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  transitionProperty: 'background-color, color',
  transitionDuration: 'var(--app-hover-duration)',
  _hover: { bg: 'bg.muted', color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' },
} as const;

/** The same navigation as a menu bar under the toolbar (the "horizontal" layout setting). */
export function HorizontalNavigation({ groups }: { groups: NavGroup[] }) {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const title = (descriptor: MessageDescriptor) => i18n._(descriptor);

  const renderItem = (item: NavItem) => (
    <li key={item.id}>
      <Box asChild {...entryStyle} css={{ '&[aria-current=page]': { bg: 'blue.subtle', color: 'blue.fg' } }}>
        <Link to={item.path}>
          <item.icon size={18} aria-hidden="true" />
          {title(item.title)}
          <NavItemBadge itemId={item.id} />
        </Link>
      </Box>
    </li>
  );

  // Out of the portal: a new tab, said to screen readers too, and shown by the arrow beside it.
  const renderLink = (link: NavLink) => (
    <li key={link.id}>
      <Box asChild {...entryStyle}>
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          <link.icon size={18} aria-hidden="true" />
          {title(link.title)}
          <ExternalLink size={12} aria-hidden="true" />
          <Box as="span" srOnly>
            {` ${t`(opens in a new tab)`}`}
          </Box>
        </a>
      </Box>
    </li>
  );

  // A line only: the list's items stay the links.
  const renderDivider = (id: string) => (
    <Box as="li" key={id} aria-hidden="true" display="flex" alignItems="center" paddingInline="1">
      <Box height="5" borderInlineStartWidth="1px" borderColor="border" />
    </Box>
  );

  // Dropdowns stay inside <nav> (no portal), so every link belongs to the navigation landmark.
  const renderCollapse = (collapse: NavCollapse) => (
    <li key={collapse.id}>
      <Menu.Root positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button
            variant="ghost"
            size="sm"
            height="9"
            fontWeight="normal"
            {...entryStyle}
            color={collapse.children.some((item) => isWithin(pathname, item.path)) ? 'blue.fg' : 'fg.muted'}
          >
            <collapse.icon size={18} aria-hidden="true" />
            {title(collapse.title)}
            <ChevronDown size={14} aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content minWidth="12rem">
            {collapse.children.map((item) => (
              <Menu.Item key={item.id} value={item.id} asChild>
                <Link to={item.path}>
                  <item.icon size={16} aria-hidden="true" />
                  {title(item.title)}
                </Link>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </li>
  );

  const renderEntry = (entry: NavEntry) => {
    switch (entry.kind) {
      case 'item':
        return renderItem(entry);
      case 'collapse':
        return renderCollapse(entry);
      case 'link':
        return renderLink(entry);
      case 'divider':
        return renderDivider(entry.id);
    }
  };

  return (
    <Box as="nav" aria-label={t`Main navigation`} borderBottomWidth="1px" bg="bg" paddingX="3" paddingY="1.5">
      {groups.map((group) => (
        <Box
          key={group.id}
          as="ul"
          role="list"
          aria-label={title(group.title)}
          listStyleType="none"
          margin="0"
          padding="0"
          display="flex"
          flexWrap="wrap"
          gap="1"
        >
          {group.children.map(renderEntry)}
        </Box>
      ))}
    </Box>
  );
}
