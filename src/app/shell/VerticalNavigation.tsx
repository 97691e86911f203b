import { Box, Collapsible, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { NavCollapse, NavEntry, NavGroup, NavItem, NavLink } from '../navigation';
import { NavItemBadge } from './NavItemBadge';

interface VerticalNavigationProps {
  groups: NavGroup[];
  /** Icons only (the folded 64 px side bar). */
  folded?: boolean;
  /** Called after a link was followed (closes the drawer on phones). */
  onNavigate?: () => void;
  /** Drawn above the groups inside the navigation landmark (the side bar's logo and fold button). */
  top?: ReactNode;
}

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The navigation as a vertical list: groups, collapses, items, external links and dividers. */
export function VerticalNavigation({ groups, folded = false, onNavigate, top }: VerticalNavigationProps) {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const title = (descriptor: MessageDescriptor) => i18n._(descriptor);

  const entryStyle = (nested: boolean) =>
    ({
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      minHeight: '10',
      position: 'relative',
      paddingInlineStart: folded ? '0' : nested ? '9' : '3',
      paddingInlineEnd: folded ? '0' : '3',
      justifyContent: folded ? 'center' : 'flex-start',
      borderRadius: 'l2',
      color: 'fg.muted',
      textDecoration: 'none',
      transitionProperty: 'background-color, color',
      transitionDuration: 'var(--app-hover-duration)',
      _hover: { bg: 'bg.muted', color: 'fg' },
      _focusVisible: { outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' },
    }) as const;

  const renderItem = (item: NavItem, nested: boolean) => (
    <li key={item.id}>
      <Box
        asChild
        {...entryStyle(nested)}
        css={{ '&[aria-current=page]': { bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'semibold' } }}
      >
        <Link to={item.path} onClick={onNavigate} title={folded ? title(item.title) : undefined}>
          <item.icon size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text as="span" srOnly={folded} truncate>
            {title(item.title)}
          </Text>
          <NavItemBadge itemId={item.id} folded={folded} />
        </Link>
      </Box>
    </li>
  );

  // Out of the portal: a new tab, said to screen readers too, and shown by the arrow beside it.
  const renderLink = (link: NavLink) => {
    const label = title(link.title);
    const external = t`(opens in a new tab)`;
    return (
      <li key={link.id}>
        <Box asChild {...entryStyle(false)}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onNavigate}
            title={folded ? `${label} ${external}` : undefined}
          >
            <link.icon size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text as="span" srOnly={folded} truncate>
              {label}
            </Text>
            {!folded && <ExternalLink size={14} aria-hidden="true" style={{ flexShrink: 0 }} />}
            <Text as="span" srOnly>
              {` ${external}`}
            </Text>
          </a>
        </Box>
      </li>
    );
  };

  // A line only: the list's items stay the links (screen readers count and skip nothing).
  const renderDivider = (id: string) => (
    <Box as="li" key={id} aria-hidden="true" paddingY="1" paddingX={folded ? '2' : '3'}>
      <Box borderTopWidth="1px" borderColor="border" />
    </Box>
  );

  const renderCollapse = (collapse: NavCollapse) => {
    const containsCurrentPage = collapse.children.some((item) => isWithin(pathname, item.path));
    return (
      <li key={collapse.id}>
        <Collapsible.Root defaultOpen={containsCurrentPage}>
          <Collapsible.Trigger
            display="flex"
            alignItems="center"
            gap="3"
            width="100%"
            minHeight="10"
            paddingInline={folded ? '0' : '3'}
            justifyContent={folded ? 'center' : 'flex-start'}
            borderRadius="l2"
            color={containsCurrentPage ? 'fg' : 'fg.muted'}
            cursor="pointer"
            transitionProperty="background-color, color"
            transitionDuration="var(--app-hover-duration)"
            _hover={{ bg: 'bg.muted', color: 'fg' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
            title={folded ? title(collapse.title) : undefined}
            css={{ '&[data-state=open] .nav-chevron': { transform: 'rotate(180deg)' } }}
          >
            <collapse.icon size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text as="span" srOnly={folded} flex="1" textAlign="start" truncate>
              {title(collapse.title)}
            </Text>
            {!folded && <ChevronDown className="nav-chevron" size={16} aria-hidden="true" />}
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Box as="ul" listStyleType="none" margin="0" padding="0">
              {collapse.children.map((item) => renderItem(item, true))}
            </Box>
          </Collapsible.Content>
        </Collapsible.Root>
      </li>
    );
  };

  const renderEntry = (entry: NavEntry) => {
    switch (entry.kind) {
      case 'item':
        return renderItem(entry, false);
      case 'collapse':
        return renderCollapse(entry);
      case 'link':
        return renderLink(entry);
      case 'divider':
        return renderDivider(entry.id);
    }
  };

  return (
    <Box as="nav" aria-label={t`Main navigation`}>
      {top}
      <Box paddingX="2" paddingY="3">
        {groups.map((group) => (
          <Box key={group.id} role="group" aria-label={title(group.title)} marginBottom="4">
            <Text
              aria-hidden="true"
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wider"
              color="fg.subtle"
              paddingX="3"
              paddingBottom="2"
              srOnly={folded}
            >
              {title(group.title)}
            </Text>
            <Box
              as="ul"
              listStyleType="none"
              margin="0"
              padding="0"
              display="flex"
              flexDirection="column"
              gap="1"
            >
              {group.children.map(renderEntry)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
