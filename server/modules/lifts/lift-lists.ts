import { afterCommit } from '../../db/request-transaction';
import { definePlugin } from '../../lib/define-plugin';
import { forgetLiftLists } from './lift-view';

/** Triggers of migration 0026 say here when which lifts a user sees may have changed. */
const LIFT_LISTS_CHANGED_CHANNEL = 'lift_lists_changed';

declare module 'fastify' {
  interface FastifyInstance {
    liftLists: {
      /** Whether list pages may be shared (docs/api.md#lift-list): only while the notifications arrive. */
      readonly shared: boolean;
      /** After a user's write that changes what a list shows of a lift: his next list reads afresh. */
      forget(): void;
      /** Resolves once the notifications sent so far have arrived (tests). */
      settled(): Promise<void>;
    };
  }
}

/**
 * Drops this process's shared lift scopes and pages when any process changes which lifts a user
 * sees, and whenever the subscription is lost or back (notifications sent meanwhile never arrive).
 * Writes through the API drop them at once in their own process (`forget`); a controller's readings
 * do not: their live state reaches the screens by socket, and a list shows it within a second.
 */
export const liftListsPlugin = definePlugin('lift-lists', async (app) => {
  const forget = () => forgetLiftLists(app.db);
  const changes = await app.listenToDatabase(LIFT_LISTS_CHANGED_CHANNEL, { notify: forget, reset: forget });
  app.addHook('onClose', () => changes.close());
  app.decorate('liftLists', {
    get shared() {
      return changes.live;
    },
    // Again once the write commits: a page read meanwhile would show the state before it.
    forget: () => {
      forget();
      afterCommit(forget);
    },
    settled: () => changes.settled(),
  });
});
