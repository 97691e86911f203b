import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../contract/roles';
import { NAVIGATION, navigationItems, visibleNavigation } from './navigation';

const pathsFor = (role: Role | null) => navigationItems(visibleNavigation(role)).map((item) => item.path);
const topLevelIdsFor = (role: Role | null) =>
  visibleNavigation(role).flatMap((group) => group.children.map((entry) => entry.id));

const EVERYONE = [
  '/apps/dashboards/my-devices',
  '/apps/dashboards/analytics',
  '/apps/lift/lifts',
  '/apps/errors',
  '/apps/chat',
  '/apps/contacts',
  '/apps/sync',
];
const CUSTOMER = ['/apps/descriptions', '/apps/servicers/servicers', '/apps/projects'];
const ADMIN = [
  '/apps/users/users',
  '/apps/json',
  '/apps/simcard/sims',
  '/apps/tableau/public',
  '/apps/tableau/private',
  '/apps/tableau/templates',
  '/apps/base',
];
const DEV = ['/apps/socket', '/apps/logs', '/apps/mails'];

describe('visibleNavigation', () => {
  it('shows a guest nothing', () => {
    expect(visibleNavigation(null)).toEqual([]);
  });

  it.each<[Role, string[]]>([
    ['service_man', EVERYONE],
    ['customer', [...EVERYONE, ...CUSTOMER]],
    ['customer_admin', [...EVERYONE, ...CUSTOMER]],
    ['admin', [...EVERYONE, ...CUSTOMER, ...ADMIN]],
    ['dev', [...EVERYONE, ...CUSTOMER, ...ADMIN, ...DEV]],
  ])('shows %s exactly its entries', (role, expected) => {
    expect(new Set(pathsFor(role))).toEqual(new Set(expected));
  });

  it('keeps the menu order of spec §2 and the Applications group', () => {
    const [group] = visibleNavigation('dev');
    expect(group?.title.message ?? group?.title.id).toBe('Applications');
    expect(topLevelIdsFor('dev')).toEqual([
      'dashboards',
      'lifts',
      'descriptions',
      'users',
      'servicemen',
      'errors',
      'projects',
      'simcard',
      'tableau',
      'base',
      'socket',
      'logs',
      'chat',
      'contacts',
      'mails',
      'sync',
    ]);
  });

  it('labels the users entry "Customers"', () => {
    const users = navigationItems(NAVIGATION).find((item) => item.path === '/apps/users/users');
    expect(users?.title.message ?? users?.title.id).toBe('Customers');
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
      expect(['signedIn', ...ROLES]).toContain(item.access);
    }
  });
});
