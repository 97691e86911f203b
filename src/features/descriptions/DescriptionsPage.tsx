import {
  Badge,
  Box,
  Button,
  chakra,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  useBreakpointValue,
} from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import {
  type Description,
  type DescriptionInput,
  DescriptionInputSchema,
} from '../../../contract/schemas/description';
import type { ApiRequestError } from '../../data/api-error';
import { descriptionTexts, loadDescriptions } from '../../data/descriptions';
import { useDirtyForm } from '../../data/dirty-forms';
import { useDescriptionCatalog, useMirror } from '../../data/mirror/use-mirror';
import { translateServerMessage } from '../../data/server-messages';
import { asApiError } from '../../data/use-api';
import { useHasRole } from '../../data/use-role';
import { DeleteSelectedButton, FormActions } from '../../ui/ActionButtons';
import { AppDialog, ConfirmDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { FormField } from '../../ui/FormField';
import { useWarnOnLoadFailure, warnCallFailed } from '../../ui/form-errors';
import { DescriptionText } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { removeDescriptions, saveDescription } from './description-changes';

function DescriptionForm({
  description,
  onSaved,
  onCancel,
}: {
  description: Description | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const mirror = useMirror();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<v.InferInput<typeof DescriptionInputSchema>, unknown, DescriptionInput>({
    resolver: valibotResolver(DescriptionInputSchema),
    defaultValues: description
      ? {
          number: description.number,
          name: description.name,
          nameDE: description.nameDE,
          type: description.type,
          content: description.content,
          // A row a mirror took before the German texts existed has none (docs/sync.md).
          contentDE: description.contentDE ?? '',
          text: description.text,
          textDE: description.textDE ?? '',
        }
      : { name: '', nameDE: '', type: 'error', content: '', contentDE: '', text: '', textDE: '' },
  });
  useDirtyForm(isDirty);
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(async (values) => {
        try {
          await saveDescription(mirror, description, values);
          showToast('success', description ? t`Updated Successfully` : t`Saved successfully`);
          onSaved();
        } catch (error) {
          warnCallFailed(error, i18n, setError);
        }
      })}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField id="description-number" label={t`Number`} error={message(errors.number?.message)}>
            <Input type="number" min={0} {...register('number', { valueAsNumber: true })} />
          </FormField>
          <Box display="flex" flexDirection="column" gap="1.5">
            <chakra.label htmlFor="description-type" fontSize="sm" fontWeight="medium">
              <Trans>Type</Trans>
            </chakra.label>
            <chakra.select
              id="description-type"
              {...register('type')}
              borderWidth="1px"
              borderRadius="l2"
              height="10"
              paddingX="3"
              bg="bg"
            >
              <option value="error">{t`Error`}</option>
              <option value="info">{t`Info`}</option>
            </chakra.select>
          </Box>
        </SimpleGrid>
        {/* Both languages side by side (stacked on a phone): English is the spec's field, German beside it. */}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField id="description-name" label={t`Name (English)`} error={message(errors.name?.message)}>
            <Input lang="en" {...register('name')} />
          </FormField>
          <FormField
            id="description-name-de"
            label={t`Name (German)`}
            error={message(errors.nameDE?.message)}
          >
            <Input lang="de" {...register('nameDE')} />
          </FormField>
          <FormField
            id="description-content"
            label={t`Cause (English)`}
            error={message(errors.content?.message)}
          >
            <Textarea lang="en" rows={3} {...register('content')} />
          </FormField>
          <FormField
            id="description-content-de"
            label={t`Cause (German)`}
            error={message(errors.contentDE?.message)}
          >
            <Textarea lang="de" rows={3} {...register('contentDE')} />
          </FormField>
          <FormField id="description-text" label={t`Remedy (English)`} error={message(errors.text?.message)}>
            <Textarea lang="en" rows={3} {...register('text')} />
          </FormField>
          <FormField
            id="description-text-de"
            label={t`Remedy (German)`}
            error={message(errors.textDE?.message)}
          >
            <Textarea lang="de" rows={3} {...register('textDE')} />
          </FormField>
        </SimpleGrid>
        <FormActions onCancel={onCancel} saving={isSubmitting} />
      </Stack>
    </form>
  );
}

function TypeBadge({ type }: { type: Description['type'] }) {
  const { t } = useLingui();
  return (
    <Badge colorPalette={type === 'error' ? 'red' : 'blue'} variant="subtle">
      {type === 'error' ? t`Error` : t`Info`}
    </Badge>
  );
}

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

  const reload = (fresh: boolean) =>
    loadDescriptions(fresh)
      .then((data) => {
        setList(data);
        setFailure(null);
      })
      .catch((error: unknown) => setFailure(asApiError(error)));
  // The catalogue comes from the offline copy when there is one; only without it is it fetched
  // (a fetch beside the copy was a request for nothing, and a failed one offline).
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per mirror state
  useEffect(() => {
    if (!mirror) void reload(false);
  }, [mirror]);

  const locale = i18n.locale;
  // A phone gets one card per code; a table needs the width of a tablet.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!list) return [];
    if (!needle) return list;
    return list.filter((d) =>
      [String(d.number), d.name, d.nameDE, d.content, d.contentDE, d.text, d.textDE].some((field) =>
        (field ?? '').toLowerCase().includes(needle),
      ),
    );
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

  return (
    <Stack gap="4">
      <PageTitle title={t`Descriptions`} />
      <HStack justify="space-between" wrap="wrap" gap="3" align="flex-end">
        <Box maxWidth="sm" width="full">
          <FormField id="description-search" label={t`Search descriptions`}>
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
      {wide ? (
        <Box position="relative" overflowX="auto" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Caption srOnly>
              <Trans>Descriptions</Trans>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                {isAdmin && (
                  <Table.ColumnHeader width="8">
                    <chakra.span srOnly>
                      <Trans>Select</Trans>
                    </chakra.span>
                  </Table.ColumnHeader>
                )}
                <Table.ColumnHeader>
                  <Trans>Number</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Name</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Type</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Cause</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Remedy</Trans>
                </Table.ColumnHeader>
                {isAdmin && (
                  <Table.ColumnHeader>
                    <chakra.span srOnly>
                      <Trans>Actions</Trans>
                    </chakra.span>
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {filtered.map((d) => {
                const texts = descriptionTexts(d, locale);
                return (
                  <Table.Row key={d.id}>
                    {isAdmin && (
                      <Table.Cell>
                        <Checkbox
                          aria-label={t`Select description ${d.number}`}
                          checked={selected.has(d.id)}
                          onChange={() => toggle(d.id)}
                        />
                      </Table.Cell>
                    )}
                    <Table.Cell fontWeight="medium">{d.number}</Table.Cell>
                    <Table.Cell>
                      <DescriptionText value={texts.name} />
                    </Table.Cell>
                    <Table.Cell>
                      <TypeBadge type={d.type} />
                    </Table.Cell>
                    <Table.Cell minWidth="40">
                      <DescriptionText value={texts.cause} />
                    </Table.Cell>
                    <Table.Cell minWidth="40">
                      <DescriptionText value={texts.remedy} />
                    </Table.Cell>
                    {isAdmin && (
                      <Table.Cell>
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-label={t`Edit description ${d.number}`}
                          onClick={() => setEditing(d)}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          {!list && !failure && <Loading />}
          {list && filtered.length === 0 && <NoneFound />}
        </Box>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Descriptions`}>
          {filtered.map((d) => {
            const texts = descriptionTexts(d, locale);
            return (
              <Stack as="li" key={d.id} gap="1" borderWidth="1px" borderRadius="l2" padding="3">
                <HStack gap="2" align="flex-start">
                  {isAdmin && (
                    <Checkbox
                      aria-label={t`Select description ${d.number}`}
                      checked={selected.has(d.id)}
                      onChange={() => toggle(d.id)}
                    />
                  )}
                  <Text fontWeight="semibold" flex="1" minWidth="0">
                    {d.number} · <DescriptionText value={texts.name} /> <TypeBadge type={d.type} />
                  </Text>
                  {isAdmin && (
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={t`Edit description ${d.number}`}
                      onClick={() => setEditing(d)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  )}
                </HStack>
                {texts.cause.text && (
                  <Text fontSize="sm">
                    <chakra.span fontWeight="medium">
                      <Trans>Cause:</Trans>
                    </chakra.span>{' '}
                    <DescriptionText value={texts.cause} />
                  </Text>
                )}
                {texts.remedy.text && (
                  <Text fontSize="sm">
                    <chakra.span fontWeight="medium">
                      <Trans>Remedy:</Trans>
                    </chakra.span>{' '}
                    <DescriptionText value={texts.remedy} />
                  </Text>
                )}
              </Stack>
            );
          })}
          {!list && !failure && <Loading />}
          {list && filtered.length === 0 && <NoneFound />}
        </Stack>
      )}
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
