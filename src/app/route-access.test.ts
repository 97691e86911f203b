import { describe, expect, it } from 'vitest';
import { decideAccess, landingPath, loginPathFor, safeReturnPath } from './route-access';

describe('decideAccess', () => {
  it('lets a role open pages of its rank and below', () => {
    expect(decideAccess({ access: 'customer', role: 'admin', wantedHref: '/apps/descriptions' })).toEqual({
      allow: true,
    });
    expect(decideAccess({ access: 'signedIn', role: 'service_man', wantedHref: '/apps/lift/lifts' })).toEqual(
      {
        allow: true,
      },
    );
    expect(decideAccess({ access: 'anyone', role: null, wantedHref: '/errors/error-404' })).toEqual({
      allow: true,
    });
    expect(decideAccess({ access: 'guest', role: null, wantedHref: '/login' })).toEqual({ allow: true });
  });

  it('sends a guest to the login page, keeping the wanted page', () => {
    expect(decideAccess({ access: 'admin', role: null, wantedHref: '/apps/users/users?page=2' })).toEqual({
      allow: false,
      redirectTo: '/login?redirect=%2Fapps%2Fusers%2Fusers%3Fpage%3D2',
    });
  });

  it('sends a guest asking for the home page to a plain login page', () => {
    expect(decideAccess({ access: 'signedIn', role: null, wantedHref: '/' })).toEqual({
      allow: false,
      redirectTo: '/login',
    });
  });

  it('sends a signed-in user away from guest pages to home', () => {
    expect(decideAccess({ access: 'guest', role: 'customer', wantedHref: '/login' })).toEqual({
      allow: false,
      redirectTo: '/',
    });
  });

  it('sends a role that is too low back to the previous page', () => {
    expect(
      decideAccess({
        access: 'dev',
        role: 'admin',
        wantedHref: '/apps/logs',
        previousHref: '/apps/lift/lifts',
      }),
    ).toEqual({ allow: false, redirectTo: '/apps/lift/lifts' });
  });

  it('sends a role that is too low home when there is no usable previous page', () => {
    const denied = { access: 'admin', role: 'customer', wantedHref: '/apps/base' } as const;
    expect(decideAccess(denied)).toEqual({ allow: false, redirectTo: '/' });
    expect(decideAccess({ ...denied, previousHref: '/apps/base' })).toEqual({
      allow: false,
      redirectTo: '/',
    });
    expect(decideAccess({ ...denied, previousHref: 'https://evil.example/' })).toEqual({
      allow: false,
      redirectTo: '/',
    });
  });
});

describe('safeReturnPath', () => {
  it.each(['/apps/lift/lifts', '/apps/users/users?page=2&search=a', '/apps/errors#top'])(
    'keeps %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    'apps/lift',
    '/logout',
    '/login?redirect=/x',
    '/apps\n/x',
    '',
    undefined,
    42,
  ])('refuses %s', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('normalises dot segments instead of leaving the app', () => {
    expect(safeReturnPath('/apps/../apps/errors')).toBe('/apps/errors');
  });

  it('builds the login path with the page to return to', () => {
    expect(loginPathFor('/apps/logs')).toBe('/login?redirect=%2Fapps%2Flogs');
    expect(loginPathFor('/logout')).toBe('/login');
  });
});

describe('landingPath', () => {
  it('leads the service man to his Today list and everyone else to the devices dashboard', () => {
    expect(landingPath('service_man')).toBe('/apps/today');
    for (const role of ['customer', 'customer_admin', 'admin', 'dev'] as const)
      expect(landingPath(role)).toBe('/apps/dashboards/my-devices');
  });

  it('keeps customers off the Today page', () => {
    for (const role of ['customer', 'customer_admin'] as const)
      expect(decideAccess({ access: 'serviceWork', role, wantedHref: '/apps/today' })).toEqual({
        allow: false,
        redirectTo: '/',
      });
    expect(decideAccess({ access: 'serviceWork', role: 'admin', wantedHref: '/apps/today' })).toEqual({
      allow: true,
    });
  });
});
