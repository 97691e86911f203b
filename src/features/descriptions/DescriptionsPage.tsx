import { Box, Button, HStack, Input, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { searchDescriptions } from '../../../contract/description-search';
import type { Description } from '../../../contract/schemas/description';
import type { ApiRequestError } from '../../data/api/api-error';
import { asApiError } from '../../data/api/use-api';
import { loadDescriptions } from '../../data/lookups/descriptions';
import { useDescriptionCatalog, useMirror } from '../../data/mirror/use-mirror';
import { useHasRole } from '../../data/session/use-role';
import { DeleteSelectedButton } from '../../ui/ActionButtons';
import { AppDialog, ConfirmDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { useWarnOnLoadFailure, warnCallFailed } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { DescriptionForm } from './DescriptionForm';
import { DescriptionCards, DescriptionTable } from './DescriptionRows';
import { removeDescriptions } from './description-changes';

function NoneFound() {
  return (
    <Text padding="4" textAlign="center" color="fg.muted">
      <Trans>No descriptions found.</Trans>
    </Text>
  );
}

/** `/apps/descriptions`: the error-code catalogue. */
export function DescriptionsPage() {
  const { t, i18n } = useLingui();
  const isAdmin = useHasRole('admin');
  const mirror = useMirror();
  const mirrored = useDescriptionCatalog();
  const [fetched, setList] = useState<Description[] | null>(null);
  // Until the mirror's first answer (the first sync has just finished), the fetched list stays.
  const list = mirror ? (mirrored ?? fetched) : fetched;
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  // With a mirror the catalogue shows the offline copy; a failed fetch only matters without one.
  useWarnOnLoadFailure(mirror ? null : failure);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Description | 'new' | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // Through the catalogue's shared copy (src/data/lookups/descriptions.ts): a fresh load renews it for every screen.
  const reload = useCallback(
    (fresh: boolean) =>
      loadDescriptions(fresh)
        .then((data) => {
          setList(data);
          setFailure(null);
        })
        .catch((error: unknown) => setFailure(asApiError(error))),
    [],
  );
  // The catalogue comes from the offline copy when there is one; only without it is it fetched
  // (a fetch beside the copy was a request for nothing, and a failed one offline).
  useEffect(() => {
    if (!mirror) void reload(false);
  }, [mirror, reload]);

  // A phone gets one card per code; a table needs the width of a tablet.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // The same rule as the errors page's code lookup, over the same catalogue (offline too).
  const filtered = useMemo(() => {
    if (!list) return [];
    return search.trim() ? searchDescriptions(list, search) : list;
  }, [list, search]);

  async function remove() {
    setDeleting(true);
    try {
      await removeDescriptions(mirror, [...selected]);
      showToast('success', t`Deleted Successfully`);
      setSelected(new Set());
      setConfirmDelete(false);
      if (!mirror) await reload(true);
    } catch (error) {
      warnCallFailed(error, i18n);
    } finally {
      setDeleting(false);
    }
  }

  const rows = {
    descriptions: filtered,
    isAdmin,
    selected,
    onToggle: toggle,
    onEdit: setEditing,
    footer: (
      <>
        {!list && !failure && <Loading />}
        {list && filtered.length === 0 && <NoneFound />}
      </>
    ),
  };
  return (
    <Stack gap="4">
      <PageTitle title={t`Descriptions`} />
      <HStack justify="space-between" wrap="wrap" gap="3" align="flex-end">
        <Box maxWidth="sm" width="full">
          <FormField
            id="description-search"
            label={t`Search descriptions`}
            hint={t`A number, or a word of the name, cause or remedy, e.g. "door".`}
          >
            <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </FormField>
        </Box>
        {isAdmin && (
          <HStack gap="2" wrap="wrap">
            <DeleteSelectedButton selectedCount={selected.size} onClick={() => setConfirmDelete(true)} />
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              <Trans>New description</Trans>
            </Button>
          </HStack>
        )}
      </HStack>
      <LoadFailure error={mirror ? null : failure} />
      {list && (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          <Plural value={filtered.length} one="# description" other="# descriptions" />
        </Text>
      )}
      {wide ? <DescriptionTable {...rows} /> : <DescriptionCards {...rows} />}
      <AppDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`New description` : t`Edit description`}
        size="lg"
      >
        {editing !== null && (
          <DescriptionForm
            description={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              if (!mirror) void reload(true);
            }}
          />
        )}
      </AppDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete descriptions`}
        message={t`${plural(selected.size, {
          one: 'Delete the selected description? This cannot be undone.',
          other: 'Delete the # selected descriptions? This cannot be undone.',
        })}`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
