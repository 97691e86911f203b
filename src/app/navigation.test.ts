import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../contract/roles';
import {
  buildNavigation,
  isExternalUrl,
  NAVIGATION,
  type NavGroup,
  navigationItems,
  visibleNavigation,
} from './navigation';

const pathsFor = (role: Role | null) => navigationItems(visibleNavigation(role)).map((item) => item.path);
const topLevelIdsFor = (role: Role | null, navigation?: NavGroup[]) =>
  visibleNavigation(role, navigation).flatMap((group) => group.children.map((entry) => entry.id));
const DESIGN_EDITOR_URL = 'https://designer.example.com/';
const NAVIGATION_ICON = navigationItems(NAVIGATION)[0]!.icon;

const EVERYONE = [
  '/apps/dashboards/my-devices',
  '/apps/dashboards/analytics',
  '/apps/lift/lifts',
  '/apps/inspections',
  '/apps/descriptions',
  '/apps/alarms',
  '/apps/errors',
  '/apps/chat',
  '/apps/contacts',
  '/apps/sync',
];
const CUSTOMER = ['/apps/servicers/servicers', '/apps/projects'];
/** Service men and staff, never customers (docs/today.md, docs/service-reports.md). */
const SERVICE_WORK = ['/apps/today', '/apps/reports'];
const ADMIN = [
  '/apps/users/users',
  '/apps/json',
  '/apps/simcard/sims',
  '/apps/tableau/public',
  '/apps/tableau/private',
  '/apps/tableau/templates',
  '/apps/base',
  '/apps/outbox',
];
const DEV = ['/apps/socket', '/apps/logs', '/apps/mails'];

describe('visibleNavigation', () => {
  it('shows a guest nothing', () => {
    expect(visibleNavigation(null)).toEqual([]);
  });

  it.each<[Role, string[]]>([
    ['service_man', [...SERVICE_WORK, ...EVERYONE]],
    ['customer', [...EVERYONE, ...CUSTOMER]],
    ['customer_admin', [...EVERYONE, ...CUSTOMER]],
    ['admin', [...SERVICE_WORK, ...EVERYONE, ...CUSTOMER, ...ADMIN]],
    ['dev', [...SERVICE_WORK, ...EVERYONE, ...CUSTOMER, ...ADMIN, ...DEV]],
  ])('shows %s exactly its entries', (role, expected) => {
    expect(new Set(pathsFor(role))).toEqual(new Set(expected));
  });

  it('keeps the menu order of docs/spec-texts.md#menu-and-screens and the Applications group', () => {
    const [group] = visibleNavigation('dev');
    expect(group?.title.message ?? group?.title.id).toBe('Applications');
    expect(topLevelIdsFor('dev')).toEqual([
      'today',
      'reports',
      'dashboards',
      'lifts',
      'inspections',
      'descriptions',
      'users',
      'servicemen',
      'alarms',
      'errors',
      'projects',
      'simcard',
      'tableau',
      'base',
      'outbox',
      'divider.people',
      'chat',
      'contacts',
      'sync',
      'divider.dev',
      'socket',
      'logs',
      'mails',
    ]);
  });

  it('labels the users entry "Users", as the list it opens (every role) is headed', () => {
    const users = navigationItems(NAVIGATION).find((item) => item.path === '/apps/users/users');
    expect(users?.title.message ?? users?.title.id).toBe('Users');
  });

  it('shows a customer the Projects collapse without the admin-only JSON link', () => {
    const projects = visibleNavigation('customer')[0]?.children.find((entry) => entry.id === 'projects');
    expect(projects?.kind === 'collapse' && projects.children.map((item) => item.path)).toEqual([
      '/apps/projects',
    ]);
  });

  it('hides collapses a role cannot open at all', () => {
    expect(topLevelIdsFor('customer')).not.toContain('tableau');
    expect(topLevelIdsFor('service_man')).not.toContain('projects');
  });

  it('gives every entry a title and an icon, and every role rule is known', () => {
    for (const item of navigationItems(NAVIGATION)) {
      expect(item.title).toBeTruthy();
      expect(item.icon).toBeTruthy();
      expect(['signedIn', 'serviceWork', ...ROLES]).toContain(item.access);
    }
  });
});

describe('link and divider entries', () => {
  it('puts a divider before the dev entries, and drops it for everyone else', () => {
    expect(topLevelIdsFor('dev').slice(-4)).toEqual(['divider.dev', 'socket', 'logs', 'mails']);
    for (const role of ['admin', 'customer', 'service_man'] as const) {
      const ids = topLevelIdsFor(role);
      expect(ids).not.toContain('divider.dev');
      expect(ids.at(-1)).toBe('sync');
    }
  });

  it('never shows a divider first, last or twice in a row', () => {
    const navigation: NavGroup[] = [
      {
        kind: 'group',
        id: 'g',
        title: { id: 'g' },
        children: [
          { kind: 'divider', id: 'd1' },
          {
            kind: 'item',
            id: 'a',
            title: { id: 'a' },
            icon: NAVIGATION_ICON,
            path: '/a',
            access: 'signedIn',
          },
          { kind: 'divider', id: 'd2' },
          {
            kind: 'item',
            id: 'dev',
            title: { id: 'dev' },
            icon: NAVIGATION_ICON,
            path: '/dev',
            access: 'dev',
          },
          { kind: 'divider', id: 'd3' },
          {
            kind: 'item',
            id: 'b',
            title: { id: 'b' },
            icon: NAVIGATION_ICON,
            path: '/b',
            access: 'signedIn',
          },
          { kind: 'divider', id: 'd4' },
        ],
      },
      { kind: 'group', id: 'only-dividers', title: { id: 'o' }, children: [{ kind: 'divider', id: 'd5' }] },
    ];
    expect(topLevelIdsFor('customer', navigation)).toEqual(['a', 'd2', 'b']);
    expect(topLevelIdsFor('dev', navigation)).toEqual(['a', 'd2', 'dev', 'd3', 'b']);
  });

  it('adds the design editor as an external link after Base data when it is configured', () => {
    const navigation = buildNavigation({ designEditorUrl: DESIGN_EDITOR_URL });
    const ids = topLevelIdsFor('admin', navigation);
    expect(ids.slice(ids.indexOf('base'), ids.indexOf('base') + 3)).toEqual([
      'base',
      'design-editor',
      'outbox',
    ]);
    const link = visibleNavigation('service_man', navigation)[0]?.children.find(
      (entry) => entry.id === 'design-editor',
    );
    expect(link).toMatchObject({ kind: 'link', url: DESIGN_EDITOR_URL });
    expect(link?.kind === 'link' && (link.title.message ?? link.title.id)).toBe('Design editor');
    // Shortcuts and other page lists hold pages only.
    expect(navigationItems(visibleNavigation('dev', navigation)).map((item) => item.id)).not.toContain(
      'design-editor',
    );
  });

  it('leaves the design editor out when none (or no web address) is configured', () => {
    for (const designEditorUrl of [undefined, null, '', 'javascript:alert(1)', '/designer', 'not a url']) {
      expect(buildNavigation({ designEditorUrl })).toBe(NAVIGATION);
    }
  });

  it('knows a web address', () => {
    expect(isExternalUrl('https://designer.example.com/editor?x=1')).toBe(true);
    expect(isExternalUrl('http://localhost:8080')).toBe(true);
    expect(isExternalUrl('ftp://example.com')).toBe(false);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
  });
});
