import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { Access } from '../../contract/roles';
import { sessionRole } from '../data/session/session';
import { decideAccess } from './route-access';

export interface RouterContext {
  /** The page shown before this navigation: where a user without the role goes back to. */
  previousHref: () => string | undefined;
}

/** A route's `beforeLoad`: opens the page for `access` (docs/access.md) or redirects. */
export function requireAccess(access: Access) {
  return ({ location, context }: { location: ParsedLocation; context: RouterContext }) => {
    const decision = decideAccess({
      access,
      role: sessionRole(),
      wantedHref: location.href,
      previousHref: context.previousHref(),
    });
    if (!decision.allow) throw redirect({ href: decision.redirectTo, replace: true });
  };
}
