import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ArrowUpDown,
  BookOpen,
  BookUser,
  Braces,
  CalendarCheck,
  CardSim,
  ChartColumn,
  ClipboardCheck,
  CloudCog,
  Database,
  Folder,
  FolderKanban,
  FolderLock,
  LayoutDashboard,
  LayoutTemplate,
  type LucideIcon,
  Mails,
  MessagesSquare,
  MonitorSmartphone,
  Palette,
  PenTool,
  RefreshCcw,
  ScrollText,
  Siren,
  SquareKanban,
  TriangleAlert,
  Users,
  Wrench,
} from 'lucide-react';
import { type Access, canAccess, type Role } from '../../contract/roles';

/** A link to one page. */
export interface NavItem {
  kind: 'item';
  id: string;
  title: MessageDescriptor;
  icon: LucideIcon;
  path: string;
  access: Access;
}

/** A foldable entry holding links (Dashboards, Projects, Tableau). */
export interface NavCollapse {
  kind: 'collapse';
  id: string;
  title: MessageDescriptor;
  icon: LucideIcon;
  access: Access;
  children: NavItem[];
}

/** A link out of the portal (docs/spec-texts.md#menu-and-screens "link" entry): opens in a new tab. */
export interface NavLink {
  kind: 'link';
  id: string;
  title: MessageDescriptor;
  icon: LucideIcon;
  /** An absolute http(s) address. */
  url: string;
  access: Access;
}

/** A line between entries (docs/spec-texts.md#menu-and-screens "divider" entry); shown only between visible entries. */
interface NavDivider {
  kind: 'divider';
  id: string;
}

export type NavEntry = NavItem | NavCollapse | NavLink | NavDivider;

/** A titled section of the menu. */
export interface NavGroup {
  kind: 'group';
  id: string;
  title: MessageDescriptor;
  children: NavEntry[];
}

/** The one navigation of docs/spec-texts.md#menu-and-screens, drawn as side bar and as horizontal menu. */
export const NAVIGATION: NavGroup[] = [
  {
    kind: 'group',
    id: 'applications',
    title: msg`Applications`,
    children: [
      // Not in the spec's menu: the service man's start page (docs/today.md); never the customers'.
      {
        kind: 'item',
        id: 'today',
        title: msg`Today`,
        icon: CalendarCheck,
        path: '/apps/today',
        access: 'serviceWork',
      },
      // Not in the spec's menu: the signed service reports (docs/service-reports.md); customers
      // read theirs on the lift page. An icon already loaded: none more on the sign-in page's budget.
      {
        kind: 'item',
        id: 'reports',
        title: msg`Service reports`,
        icon: ScrollText,
        path: '/apps/reports',
        access: 'serviceWork',
      },
      {
        kind: 'collapse',
        id: 'dashboards',
        title: msg`Dashboards`,
        icon: LayoutDashboard,
        access: 'signedIn',
        children: [
          {
            kind: 'item',
            id: 'dashboards.devices',
            title: msg`Devices`,
            icon: MonitorSmartphone,
            path: '/apps/dashboards/my-devices',
            access: 'signedIn',
          },
          {
            kind: 'item',
            id: 'dashboards.analytics',
            title: msg`Analytics`,
            icon: ChartColumn,
            path: '/apps/dashboards/analytics',
            access: 'signedIn',
          },
        ],
      },
      {
        kind: 'item',
        id: 'lifts',
        title: msg`Lifts`,
        icon: ArrowUpDown,
        path: '/apps/lift/lifts',
        access: 'signedIn',
      },
      // Not in the spec's menu: statutory inspections and defects due across lifts (docs/inspections.md).
      {
        kind: 'item',
        id: 'inspections',
        title: msg`Inspections`,
        icon: ClipboardCheck,
        path: '/apps/inspections',
        access: 'signedIn',
      },
      {
        kind: 'item',
        id: 'descriptions',
        title: msg`Descriptions`,
        icon: BookOpen,
        path: '/apps/descriptions',
        // Everyone's: the service man looks codes up in it, offline too (editing stays admin's).
        access: 'signedIn',
      },
      {
        kind: 'item',
        id: 'users',
        // The list holds every role, so menu and heading say Users (the spec's label was Customers).
        title: msg`Users`,
        icon: Users,
        path: '/apps/users/users',
        access: 'admin',
      },
      {
        kind: 'item',
        id: 'servicemen',
        title: msg`Serviceman`,
        icon: Wrench,
        path: '/apps/servicers/servicers',
        access: 'customer',
      },
      {
        kind: 'item',
        id: 'alarms',
        title: msg`Alarms`,
        icon: Siren,
        path: '/apps/alarms',
        access: 'signedIn',
      },
      {
        kind: 'item',
        id: 'errors',
        title: msg`Errors`,
        icon: TriangleAlert,
        path: '/apps/errors',
        access: 'signedIn',
      },
      {
        kind: 'collapse',
        id: 'projects',
        title: msg`Projects`,
        icon: FolderKanban,
        access: 'customer',
        children: [
          {
            kind: 'item',
            id: 'projects.projects',
            title: msg`ProjectApp`,
            icon: SquareKanban,
            path: '/apps/projects',
            access: 'customer',
          },
          {
            kind: 'item',
            id: 'projects.json',
            title: msg`JSON`,
            icon: Braces,
            path: '/apps/json',
            access: 'admin',
          },
        ],
      },
      {
        kind: 'item',
        id: 'simcard',
        title: msg`SimCard`,
        icon: CardSim,
        path: '/apps/simcard/sims',
        access: 'admin',
      },
      {
        kind: 'collapse',
        id: 'tableau',
        title: msg`Tableau`,
        icon: Palette,
        access: 'admin',
        children: [
          {
            kind: 'item',
            id: 'tableau.public',
            title: msg`Folders`,
            icon: Folder,
            path: '/apps/tableau/public',
            access: 'admin',
          },
          {
            kind: 'item',
            id: 'tableau.private',
            title: msg`My folders`,
            icon: FolderLock,
            path: '/apps/tableau/private',
            access: 'admin',
          },
          {
            kind: 'item',
            id: 'tableau.templates',
            title: msg`Templates`,
            icon: LayoutTemplate,
            path: '/apps/tableau/templates',
            access: 'admin',
          },
        ],
      },
      {
        kind: 'item',
        id: 'base',
        title: msg`Base data`,
        icon: Database,
        path: '/apps/base',
        access: 'admin',
      },
      // Not in the spec's menu: the admins' view of every message sent (docs/outbox.md).
      {
        kind: 'item',
        id: 'outbox',
        title: msg`Outbox`,
        // The mail icon the devs' mail outbox has: no icon more on the sign-in page's budget.
        icon: Mails,
        path: '/apps/outbox',
        access: 'admin',
      },
      // Not in docs/spec-texts.md#menu-and-screens's menu, but docs/access.md opens them to everyone: without an entry nobody finds them.
      { kind: 'divider', id: 'divider.people' },
      {
        kind: 'item',
        id: 'chat',
        title: msg`Chat`,
        icon: MessagesSquare,
        path: '/apps/chat',
        access: 'signedIn',
      },
      {
        kind: 'item',
        id: 'contacts',
        title: msg`Contacts`,
        icon: BookUser,
        path: '/apps/contacts',
        access: 'signedIn',
      },
      {
        kind: 'item',
        id: 'sync',
        title: msg`Offline changes`,
        icon: RefreshCcw,
        path: '/apps/sync',
        access: 'signedIn',
      },
      // The developers' tools, apart from everyone's entries.
      { kind: 'divider', id: 'divider.dev' },
      {
        kind: 'item',
        id: 'socket',
        title: msg`ESP32-Cloud`,
        icon: CloudCog,
        path: '/apps/socket',
        access: 'dev',
      },
      { kind: 'item', id: 'logs', title: msg`Logs`, icon: ScrollText, path: '/apps/logs', access: 'dev' },
      { kind: 'item', id: 'mails', title: msg`Mail outbox`, icon: Mails, path: '/apps/mails', access: 'dev' },
    ],
  },
];

/** What the server's public configuration adds to the menu (`GET /api/config`). */
export interface NavigationConfig {
  /** DESIGN_EDITOR_URL: the external design editor, a `link` entry after Base data. */
  designEditorUrl?: string | null;
}

/** Only absolute http(s) addresses become links (never `javascript:` or a relative path). */
export function isExternalUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The menu with the configured external links; without configuration it is NAVIGATION. */
export function buildNavigation(
  config: NavigationConfig = {},
  navigation: NavGroup[] = NAVIGATION,
): NavGroup[] {
  const { designEditorUrl } = config;
  if (!isExternalUrl(designEditorUrl)) return navigation;
  const designEditor: NavLink = {
    kind: 'link',
    id: 'design-editor',
    title: msg`Design editor`,
    icon: PenTool,
    url: designEditorUrl,
    access: 'signedIn',
  };
  return navigation.map((group) => {
    const at = group.children.findIndex((entry) => entry.id === 'base');
    if (at < 0) return group;
    const children = [...group.children];
    children.splice(at + 1, 0, designEditor);
    return { ...group, children };
  });
}

/** Drops dividers at the start or end and where two would meet (entries between them were hidden). */
function tidyDividers(entries: NavEntry[]): NavEntry[] {
  const tidy: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'divider' && (tidy.length === 0 || tidy.at(-1)?.kind === 'divider')) continue;
    tidy.push(entry);
  }
  if (tidy.at(-1)?.kind === 'divider') tidy.pop();
  return tidy;
}

/**
 * The menu as a role sees it: entries it may open, collapses and groups only when not empty,
 * dividers only between visible entries.
 */
export function visibleNavigation(role: Role | null, navigation: NavGroup[] = NAVIGATION): NavGroup[] {
  return navigation.flatMap((group) => {
    const entries = group.children.flatMap((entry): NavEntry[] => {
      if (entry.kind === 'divider') return [entry];
      if (!canAccess(role, entry.access)) return [];
      if (entry.kind !== 'collapse') return [entry];
      const items = entry.children.filter((item) => canAccess(role, item.access));
      return items.length > 0 ? [{ ...entry, children: items }] : [];
    });
    const children = tidyDividers(entries);
    return children.length > 0 ? [{ ...group, children }] : [];
  });
}

/** Every page link of a visible menu, flat (for tests and the shortcut bar); no external links. */
export function navigationItems(groups: NavGroup[]): NavItem[] {
  return groups.flatMap((group) =>
    group.children.flatMap((entry) =>
      entry.kind === 'item' ? [entry] : entry.kind === 'collapse' ? entry.children : [],
    ),
  );
}
