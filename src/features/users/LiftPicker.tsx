import { Box, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { PAGE_SIZE_MAX } from '../../../contract/constants';
import type { Lift } from '../../../contract/schemas/lift';
import { usePagedSearch } from '../../data/api/use-paged-search';
import { Checkbox } from '../../ui/Checkbox';
import { Loading } from '../../ui/LoadFailure';
import { type LiftPage, useAssignableLifts, useAssignedLifts } from './users-api';

/** How many matches the picker lists; the filter narrows a larger scope. */
const MATCHES_SHOWN = 50;

/**
 * Assigned lifts: the user's lifts first, then the lifts of the actor's scope that match the
 * filter. The filter searches on the server, so any lift of a scope of thousands can be found.
 */
export function LiftPicker({
  userId,
  value,
  onChange,
  error,
}: {
  /** The edited user; none when a user is being created. */
  userId?: string;
  value: string[];
  onChange: (next: string[]) => void;
  error: string | null;
}) {
  const { t } = useLingui();
  const { searchInput, setSearchInput, search } = usePagedSearch();
  const matches = useAssignableLifts(search, MATCHES_SHOWN);
  const assigned = useAssignedLifts(userId, PAGE_SIZE_MAX);
  const known = useKnownLifts(assigned.data, matches.data);

  const chosen = new Set(value);
  const chosenLifts = value.flatMap((id) => known.get(id) ?? []);
  const others = (matches.data?.lifts ?? []).filter((lift) => !chosen.has(lift.id));
  const matchCount = matches.data?.count ?? 0;
  const toggle = (lift: Lift, checked: boolean) =>
    onChange(checked ? [...value, lift.id] : value.filter((id) => id !== lift.id));

  const row = (lift: Lift) => (
    <Box as="label" key={lift.id} display="flex" alignItems="center" gap="2" fontSize="sm">
      <Checkbox checked={chosen.has(lift.id)} onChange={(event) => toggle(lift, event.target.checked)} />
      {lift.uid} · {lift.address}
    </Box>
  );

  return (
    <Box as="fieldset" aria-describedby={error ? 'user-lifts-error' : undefined}>
      <Text as="legend" fontSize="sm" fontWeight="medium" marginBottom="1.5">
        <Trans>Assigned lifts ({value.length})</Trans>
      </Text>
      <Input
        size="sm"
        type="search"
        aria-label={t`Filter lifts`}
        placeholder={t`Filter lifts`}
        value={searchInput}
        onChange={(event) => setSearchInput(event.target.value)}
        marginBottom="2"
      />
      <Stack gap="1" maxHeight="60" overflowY="auto" borderWidth="1px" borderRadius="l2" padding="2">
        {chosenLifts.map(row)}
        {matches.data === null && <Loading />}
        {matches.data !== null && others.length === 0 && chosenLifts.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>No lifts found.</Trans>
          </Text>
        )}
        {others.map(row)}
        {matchCount > MATCHES_SHOWN && (
          <Text fontSize="xs" color="fg.muted">
            <Trans>
              {MATCHES_SHOWN} of {matchCount} lifts shown. Type in the filter to find the others.
            </Trans>
          </Text>
        )}
      </Stack>
      {error && (
        <Text id="user-lifts-error" fontSize="xs" color="fg.error" marginTop="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/**
 * Every lift seen so far by id, so that a lift checked in one search keeps its label after the
 * filter changes.
 */
function useKnownLifts(assigned: LiftPage | null, matches: LiftPage | null): ReadonlyMap<string, Lift> {
  const [known, setKnown] = useState<ReadonlyMap<string, Lift>>(new Map());
  useEffect(() => {
    const seen = [...(assigned?.lifts ?? []), ...(matches?.lifts ?? [])];
    if (seen.length === 0) return;
    setKnown((current) => {
      const next = new Map(current);
      for (const lift of seen) next.set(lift.id, lift);
      return next;
    });
  }, [assigned, matches]);
  return known;
}
