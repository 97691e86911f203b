import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Link,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { NotebookPen, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Description } from '../../../contract/schemas/description';
import type { Message } from '../../../contract/schemas/message';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';
import { descriptionTexts, findDescription } from '../../data/lookups/descriptions';
import { DescriptionText } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { MessageNotesDialog } from './MessageNotesDialog';
import { useLiftMessages } from './use-lifts';
import { useLiveMessages } from './use-live-messages';

const PAGE_SIZE = 20;

const formatTime = (iso: string, locale: string, timeStyle: 'short' | 'medium' = 'medium') =>
  dateTimeFormat(locale, { dateStyle: 'short', timeStyle }).format(new Date(iso));

/** A table needs the width of a tablet; a phone gets stacked rows. */
const useWide = () => useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;

function Pager({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  return (
    <HStack justify="space-between" gap="2" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        <Plural value={count} one="# entry" other="# entries" />
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Newer</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page * PAGE_SIZE >= count}
          onClick={() => onPage(page + 1)}
        >
          <Trans>Older</Trans>
        </Button>
      </HStack>
    </HStack>
  );
}

/** A row of the events list: a reading, or a fault's raise with the clear that ended it (an incident). */
interface EventRow {
  message: Message;
  clearedBy: Message | null;
}

/**
 * Pairs each raise with the nearest later clear of the same code on the page, so that a fault shows
 * as one incident with its duration, not as two rows; unpaired raises and clears stay as they are.
 * `list` is newest first.
 */
export function toIncidents(list: readonly Message[]): EventRow[] {
  const clears = new Map<string, Message>();
  const clearOf = new Map<string, Message>();
  const paired = new Set<string>();
  for (const message of list) {
    if (message.code === null || message.active === null) continue;
    const key = `${message.kind}:${message.code}`;
    if (!message.active) {
      clears.set(key, message);
      continue;
    }
    const clear = clears.get(key);
    if (clear) {
      clearOf.set(message.id, clear);
      paired.add(clear.id);
      clears.delete(key);
    }
  }
  return list
    .filter((message) => !paired.has(message.id))
    .map((message) => ({ message, clearedBy: clearOf.get(message.id) ?? null }));
}

/** "38 min", "2 h 5 min": how long an incident lasted. */
function useDuration() {
  const { t } = useLingui();
  return (from: string, to: string) => {
    const minutes = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return hours === 0 ? t`${minutes} min` : t`${hours} h ${rest} min`;
  };
}

function KindBadge({ message }: { message: Message }) {
  const { t } = useLingui();
  return (
    <Badge colorPalette={message.kind === 'error' ? 'red' : 'blue'} variant="subtle">
      {message.kind === 'error' ? t`Error` : t`Info`}
    </Badge>
  );
}

/**
 * "Recent errors and infos" of one lift: errors and infos only (stats readings have a tab of their
 * own), each with its description in the user's language and its notes.
 */
export function LiftEventsList({
  liftId,
  descriptions,
}: {
  liftId: string;
  descriptions: Description[] | null;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const wide = useWide();
  const [page, setPage] = useState(1);
  const [notesFor, setNotesFor] = useState<Message | null>(null);
  const messages = useLiftMessages(liftId, page, PAGE_SIZE, 'events');
  // New readings and notes arrive as `lift:message`: no refetch after a `lift`.
  useLiveMessages(liftId, messages, { page, pageSize: PAGE_SIZE });
  const list = messages.data?.messages ?? [];
  const rows = toIncidents(list);
  const duration = useDuration();
  const timeOf = ({ message, clearedBy }: EventRow) => {
    if (!clearedBy) return formatTime(message.at, locale);
    const sameDay = new Date(message.at).toDateString() === new Date(clearedBy.at).toDateString();
    const end = sameDay
      ? dateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(clearedBy.at))
      : formatTime(clearedBy.at, locale, 'short');
    return `${formatTime(message.at, locale, 'short')}–${end}`;
  };
  const status = ({ message, clearedBy }: EventRow) => {
    if (clearedBy) return t`Cleared after ${duration(message.at, clearedBy.at)}`;
    return message.active === null ? '—' : message.active ? t`Raised` : t`Cleared`;
  };
  const name = (message: Message) => {
    const description = findDescription(descriptions, message.code);
    return description ? <DescriptionText value={descriptionTexts(description, locale).name} /> : '—';
  };
  /** The code and its name open the code's cause and remedy (src/features/descriptions/DescriptionDetailPage.tsx). */
  const codeLink = (message: Message, children: ReactNode) =>
    message.code === null ? (
      children
    ) : (
      <Link asChild colorPalette="blue" color="colorPalette.fg" data-testid="fault-link">
        <RouterLink to="/apps/descriptions/$number" params={{ number: String(message.code) }}>
          {children}
        </RouterLink>
      </Link>
    );
  const notesButton = (message: Message) => (
    <Button size="xs" variant="ghost" onClick={() => setNotesFor(message)}>
      <NotebookPen aria-hidden="true" />
      {message.noteEntries.length > 0
        ? t`Notes (${message.noteEntries.length})`
        : message.notes?.title || t`Add notes`}
    </Button>
  );

  return (
    <Stack as="section" gap="3" aria-labelledby="lift-messages-heading">
      <HStack justify="space-between">
        <Heading as="h2" size="lg" id="lift-messages-heading">
          <Trans>Recent errors and infos</Trans>
        </Heading>
        <Button size="sm" variant="ghost" onClick={messages.reload} aria-label={t`Refresh`}>
          <RefreshCw aria-hidden="true" />
        </Button>
      </HStack>
      <LoadFailure error={messages.status === 'failed' ? messages.error : null} />
      {wide ? (
        <Box position="relative" overflowX="auto" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Caption srOnly>
              <Trans>Recent errors and infos</Trans>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Time</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Type</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Code</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Description</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Status</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Notes</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.message.id} data-testid={row.clearedBy ? 'incident' : 'event'}>
                  <Table.Cell whiteSpace="nowrap">{timeOf(row)}</Table.Cell>
                  <Table.Cell>
                    <KindBadge message={row.message} />
                  </Table.Cell>
                  <Table.Cell>{row.message.code ?? '—'}</Table.Cell>
                  <Table.Cell>{codeLink(row.message, name(row.message))}</Table.Cell>
                  <Table.Cell>{status(row)}</Table.Cell>
                  <Table.Cell>{notesButton(row.message)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Recent errors and infos`}>
          {rows.map((row) => (
            <Stack
              as="li"
              key={row.message.id}
              gap="1"
              borderWidth="1px"
              borderRadius="l2"
              padding="3"
              data-testid={row.clearedBy ? 'incident' : 'event'}
            >
              <Text fontWeight="semibold">
                <KindBadge message={row.message} />{' '}
                {codeLink(
                  row.message,
                  <>
                    {row.message.code ?? '—'} · {name(row.message)}
                  </>,
                )}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {timeOf(row)} · {status(row)}
              </Text>
              <Box>{notesButton(row.message)}</Box>
            </Stack>
          ))}
        </Stack>
      )}
      {messages.status === 'loading' && list.length === 0 && <Loading />}
      {messages.status === 'ready' && list.length === 0 && (
        <Text padding="4" textAlign="center" color="fg.muted">
          <Trans>No errors or infos yet.</Trans>
        </Text>
      )}
      <Pager page={page} count={messages.data?.count ?? 0} onPage={setPage} />
      {notesFor && (
        <MessageNotesDialog
          message={notesFor}
          onClose={() => setNotesFor(null)}
          onSaved={() => {
            setNotesFor(null);
            messages.reload();
          }}
        />
      )}
    </Stack>
  );
}

/** The periodic stats readings of one lift (trips and operating hours as the controller counted them). */
export function LiftStatsList({ liftId }: { liftId: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [page, setPage] = useState(1);
  const messages = useLiftMessages(liftId, page, PAGE_SIZE, 'stats');
  useLiveMessages(liftId, messages, { page, pageSize: PAGE_SIZE, kinds: 'stats' });
  const list = messages.data?.messages ?? [];
  const number = (value: number | null, digits = 0) =>
    value === null ? '—' : numberFormat(locale, { maximumFractionDigits: digits }).format(value);

  return (
    <Stack as="section" gap="3" aria-labelledby="lift-stats-heading">
      <HStack justify="space-between">
        <Heading as="h2" size="lg" id="lift-stats-heading">
          <Trans>Stats readings</Trans>
        </Heading>
        <Button size="sm" variant="ghost" onClick={messages.reload} aria-label={t`Refresh`}>
          <RefreshCw aria-hidden="true" />
        </Button>
      </HStack>
      <LoadFailure error={messages.status === 'failed' ? messages.error : null} />
      <Box position="relative" overflowX="auto" borderWidth="1px" borderRadius="l2">
        <Table.Root size="sm">
          <Table.Caption srOnly>
            <Trans>Stats readings</Trans>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Time</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Trips</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Operating hours</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((message) => (
              <Table.Row key={message.id}>
                <Table.Cell>{formatTime(message.at, locale, 'short')}</Table.Cell>
                <Table.Cell textAlign="end">{number(message.trips)}</Table.Cell>
                <Table.Cell textAlign="end">{number(message.operatingHours, 1)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {messages.status === 'loading' && list.length === 0 && <Loading />}
        {messages.status === 'ready' && list.length === 0 && (
          <Text padding="4" textAlign="center" color="fg.muted">
            <Trans>No stats readings yet.</Trans>
          </Text>
        )}
      </Box>
      <Pager page={page} count={messages.data?.count ?? 0} onPage={setPage} />
    </Stack>
  );
}
