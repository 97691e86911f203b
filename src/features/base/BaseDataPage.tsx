import {
  Badge,
  Box,
  Button,
  Card,
  chakra,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { baseApi } from '../../../contract/api/base';
import { BASE_CATEGORIES, type BaseCategory, type BaseEntry } from '../../../contract/schemas/base';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { ConfirmDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { FormField } from '../../ui/FormField';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { CATEGORY_LABELS } from './category-labels';

type Draft = Pick<BaseEntry, 'labelDe' | 'labelEn' | 'active'>;

/** One entry, edited in place: both languages side by side, active, order, delete. */
function EntryRow({
  entry,
  first,
  last,
  onMove,
  onSaved,
  onDelete,
}: {
  entry: BaseEntry;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
  onSaved: (entry: BaseEntry) => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Draft>({
    labelDe: entry.labelDe,
    labelEn: entry.labelEn,
    active: entry.active,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [saving, setSaving] = useState(false);
  const dirty =
    draft.labelDe !== entry.labelDe || draft.labelEn !== entry.labelEn || draft.active !== entry.active;
  const id = `base-${entry.id}`;

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const saved = await call(baseApi.update, {
        params: { id: entry.id },
        body: { ...draft, baseVersion: entry.version },
      });
      onSaved(saved);
      showToast('success', t`Saved successfully`);
    } catch (error) {
      reportSaveError<Draft>(error, i18n, (field, problem) =>
        setErrors((current) => ({ ...current, [field]: problem.message })),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      as="li"
      borderBottomWidth="1px"
      paddingY="2"
      display="grid"
      gap="2"
      gridTemplateColumns={{ base: '1fr', md: '9rem 1fr 1fr auto' }}
      alignItems="end"
    >
      <Stack gap="0.5">
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {entry.key}
        </Text>
        {!entry.active && (
          <Badge variant="subtle" width="fit-content">
            <Trans>inactive</Trans>
          </Badge>
        )}
      </Stack>
      <FormField
        id={`${id}-de`}
        label={t`German`}
        error={errors.labelDe ? translateServerMessage(i18n, errors.labelDe) : null}
      >
        <Input
          lang="de"
          size="sm"
          value={draft.labelDe}
          onChange={(event) => setDraft({ ...draft, labelDe: event.target.value })}
          onKeyDown={(event) => event.key === 'Enter' && dirty && save()}
        />
      </FormField>
      <FormField
        id={`${id}-en`}
        label={t`English`}
        error={errors.labelEn ? translateServerMessage(i18n, errors.labelEn) : null}
      >
        <Input
          lang="en"
          size="sm"
          value={draft.labelEn}
          onChange={(event) => setDraft({ ...draft, labelEn: event.target.value })}
          onKeyDown={(event) => event.key === 'Enter' && dirty && save()}
        />
      </FormField>
      <HStack gap="1" wrap="wrap">
        <HStack as="label" gap="1" fontSize="sm" paddingX="1">
          <Checkbox
            checked={draft.active}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />
          <Trans>Active</Trans>
        </HStack>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t`Move up: ${entry.key}`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUp />
        </IconButton>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t`Move down: ${entry.key}`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDown />
        </IconButton>
        <IconButton
          size="sm"
          aria-label={t`Save ${entry.key}`}
          disabled={!dirty}
          loading={saving}
          onClick={save}
        >
          <Save />
        </IconButton>
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="red"
          aria-label={t`Delete ${entry.key}`}
          onClick={onDelete}
        >
          <Trash2 />
        </IconButton>
      </HStack>
    </Box>
  );
}

/** A new entry at the end of a category. */
function AddEntry({ category, onAdded }: { category: BaseCategory; onAdded: (entry: BaseEntry) => void }) {
  const { t, i18n } = useLingui();
  const empty = { key: '', labelDe: '', labelEn: '' };
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const id = `base-new-${category}`;
  const message = (field: string) => (errors[field] ? translateServerMessage(i18n, errors[field]) : null);
  return (
    <chakra.form
      noValidate
      display="grid"
      gap="2"
      gridTemplateColumns={{ base: '1fr', md: '9rem 1fr 1fr auto' }}
      alignItems="end"
      paddingTop="2"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        setErrors({});
        try {
          onAdded(await call(baseApi.register, { body: { category, ...draft } }));
          setDraft(empty);
          showToast('success', t`Saved successfully`);
        } catch (error) {
          reportSaveError<Record<string, string>>(error, i18n, (field, problem) =>
            setErrors((current) => ({ ...current, [field]: problem.message ?? '' })),
          );
        } finally {
          setSaving(false);
        }
      }}
    >
      <FormField id={`${id}-key`} label={t`Key`} error={message('key')}>
        <Input
          size="sm"
          value={draft.key}
          onChange={(event) => setDraft({ ...draft, key: event.target.value })}
        />
      </FormField>
      <FormField id={`${id}-de`} label={t`German`} error={message('labelDe')}>
        <Input
          lang="de"
          size="sm"
          value={draft.labelDe}
          onChange={(event) => setDraft({ ...draft, labelDe: event.target.value })}
        />
      </FormField>
      <FormField id={`${id}-en`} label={t`English`} error={message('labelEn')}>
        <Input
          lang="en"
          size="sm"
          value={draft.labelEn}
          onChange={(event) => setDraft({ ...draft, labelEn: event.target.value })}
        />
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={saving}>
        <Plus aria-hidden="true" />
        <Trans>Add</Trans>
      </Button>
    </chakra.form>
  );
}

/** `/apps/base`: the company's reference lists by category (docs/base-data.md). */
export function BaseDataPage() {
  const { t, i18n } = useLingui();
  const query = useApiQuery(baseApi.list, {});
  useWarnOnLoadFailure(query.status === 'failed' ? query.error : null);
  const [deleting, setDeleting] = useState<BaseEntry | null>(null);
  const [busy, setBusy] = useState(false);
  if (query.status === 'failed' && !query.data) return <LoadFailure error={query.error} />;
  if (!query.data) return <Loading />;
  const entries = query.data.entries;

  const replace = (entry: BaseEntry) =>
    query.setData((current) =>
      current ? { entries: current.entries.map((item) => (item.id === entry.id ? entry : item)) } : current,
    );

  /** Swaps the sort numbers of two neighbours (numbered afresh first if two share one). */
  const move = async (list: BaseEntry[], index: number, direction: -1 | 1) => {
    const other = index + direction;
    const reordered = [...list];
    [reordered[index], reordered[other]] = [reordered[other] as BaseEntry, reordered[index] as BaseEntry];
    try {
      const changes = reordered
        .map((entry, sort) => ({ entry, sort }))
        .filter(({ entry, sort }) => entry.sort !== sort);
      for (const { entry, sort } of changes) {
        replace(
          await call(baseApi.update, {
            params: { id: entry.id },
            body: { sort, baseVersion: entry.version },
          }),
        );
      }
      showToast('success', t`Saved successfully`);
    } catch (error) {
      reportSaveError(error, i18n);
      query.reload();
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const result = await call(baseApi.remove, { body: { ids: [deleting.id] } });
      showToast(result.deactivated > 0 ? 'warning' : 'success', translateServerMessage(i18n, result.message));
      query.reload();
      setDeleting(null);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <PageTitle title={t`Base data`} />
      <SimpleGrid columns={1} gap="4">
        {BASE_CATEGORIES.map((category) => {
          const list = entries
            .filter((entry) => entry.category === category)
            .sort((a, b) => a.sort - b.sort || a.key.localeCompare(b.key));
          return (
            <Card.Root key={category} size="sm">
              <Card.Header>
                <Card.Title as="h2">{i18n._(CATEGORY_LABELS[category])}</Card.Title>
              </Card.Header>
              <Card.Body>
                {list.length === 0 && (
                  <Text color="fg.muted" fontSize="sm">
                    <Trans>No entries yet.</Trans>
                  </Text>
                )}
                <Stack as="ul" gap="0" listStyleType="none">
                  {list.map((entry, index) => (
                    <EntryRow
                      // The version in the key starts the row's draft afresh after a save elsewhere.
                      key={`${entry.id}:${entry.version}`}
                      entry={entry}
                      first={index === 0}
                      last={index === list.length - 1}
                      onMove={(direction) => move(list, index, direction)}
                      onSaved={replace}
                      onDelete={() => setDeleting(entry)}
                    />
                  ))}
                </Stack>
                <AddEntry
                  category={category}
                  onAdded={(entry) =>
                    query.setData((current) => (current ? { entries: [...current.entries, entry] } : current))
                  }
                />
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete entry`}
        message={t`Delete "${deleting?.labelEn ?? ''}"? An entry a project uses is only deactivated.`}
        confirmLabel={t`Delete`}
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
