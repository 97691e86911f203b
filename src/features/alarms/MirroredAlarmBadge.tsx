import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMirror } from '../../data/mirror/use-mirror';
import { CountBadge } from '../../ui/CountBadge';

/**
 * The alarms entry's count while the server's is unknown (offline after a reload): the open,
 * unacknowledged alarms the mirror holds, acknowledgements made on this device included, as the
 * server counts them (server/modules/alarms/alarms.repository.ts `countOpen`). Loaded lazily by
 * the shell, like the Today badge, so the mirror stays off the sign-in page.
 */
export default function MirroredAlarmBadge({ folded }: { folded: boolean }) {
  const { t } = useLingui();
  const mirror = useMirror();
  const count = useLiveQuery(
    async () =>
      mirror
        ? mirror.alarms.filter((alarm) => alarm.closedAt === null && alarm.acknowledgedAt === null).count()
        : 0,
    [mirror],
  );
  if (!count) return null;
  return <CountBadge count={count} spoken={t`${count} open`} folded={folded} />;
}
