import {
  Badge,
  Box,
  Button,
  Card,
  HStack,
  IconButton,
  Image,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { projectsApi } from '../../../contract/api/projects';
import { tableauApi } from '../../../contract/api/tableau';
import { MSG } from '../../../contract/messages';
import { allowedMoves, customerMayEdit, type ProjectState } from '../../../contract/project-transitions';
import {
  CABLE_STATUSES,
  type CableStatus,
  MAX_ITEM_PRICE_CENTS,
  MAX_ITEM_QUANTITY,
  type Project,
  type ProjectFieldChange,
  type ProjectItem,
  projectLiftKey,
  projectTotalCents,
} from '../../../contract/schemas/project';
import { call } from '../../data/http';
import { translateServerMessage } from '../../data/server-messages';
import { useSession } from '../../data/session';
import { useApiQuery } from '../../data/use-api';
import { useBaseLabel } from '../../data/use-base-entries';
import { FormField } from '../../ui/FormField';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';
import { moveProject } from './project-changes';
import { CABLE_LABELS, FIELD_LABELS, formatCents, STATE_LABELS, STATE_PALETTE } from './project-labels';

interface ItemDraft {
  articleId: string;
  text: string;
  quantity: string;
  price: string;
}

const toDraft = (item: ProjectItem, locale: string): ItemDraft => ({
  articleId: item.articleId ?? '',
  text: item.text,
  quantity: String(item.quantity),
  // As the user writes it: a decimal comma in German.
  price: (item.unitPriceCents / 100).toFixed(2).replace('.', locale === 'de' ? ',' : '.'),
});

/** Euro as typed (`12,50` or `12.50`) to cents; NaN when it is not a number. */
const centsOf = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/** An edit's changed fields: texts and the total as old → new, lists by name (docs/projects.md). */
function FieldChanges({ changes }: { changes: readonly ProjectFieldChange[] }) {
  const { i18n } = useLingui();
  const value = (field: string, text: string) =>
    field === 'totalCents' ? formatCents(Number(text), i18n.locale) : text === '' ? '—' : `"${text}"`;
  return changes.map((change, index) => {
    const label = FIELD_LABELS[change.field];
    return (
      <Text as="span" key={change.field} data-testid="history-change">
        {index === 0 ? ': ' : '; '}
        {label ? i18n._(label) : change.field}
        {change.from !== undefined &&
          change.to !== undefined &&
          ` ${value(change.field, change.from)} → ${value(change.field, change.to)}`}
      </Text>
    );
  });
}

/** `/apps/projects/projects/:projectId`: details, line items and sums, designs, cables, history, actions. */
export function ProjectPage({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  const role = useSession().claims?.role ?? null;
  const staff = role === 'admin' || role === 'dev';
  const query = useApiQuery(projectsApi.get, { params: { projectId } });
  useWarnOnLoadFailure(query.status === 'failed' ? query.error : null);
  const driveLabel = useBaseLabel('driveType');
  // The design library is the lift company's: only staff load it (docs/projects.md#design-library).
  const articles = useApiQuery(tableauApi.subfolders, staff ? { query: {} } : null);
  const library = useApiQuery(tableauApi.templates, staff ? {} : null);
  const project = query.data;

  const [items, setItems] = useState<ItemDraft[]>([]);
  const [templates, setTemplates] = useState<string[]>([]);
  const [templateDraft, setTemplateDraft] = useState('');
  const [articleDraft, setArticleDraft] = useState('');
  const [cables, setCables] = useState<Record<string, CableStatus>>({});
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);

  // A loaded (or saved) project starts the drafts afresh.
  const loadedVersion = project ? `${project.id}:${project.version}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version stands for the project
  useEffect(() => {
    if (!project) return;
    setItems(project.project.items.map((item) => toDraft(item, i18n.locale)));
    setTemplates(project.project.templateIds);
    setCables(Object.fromEntries(project.project.cables.map((cable) => [cable.liftId, cable.status])));
    setNotes(project.project.notes);
  }, [loadedVersion]);

  if (query.status === 'failed' && !project) return <LoadFailure error={query.error} />;
  if (!project || !role) return <Loading />;
  const document = project.project;
  const moves = allowedMoves(document.state, role);
  const editableByCustomer = !staff && customerMayEdit(document.state);

  const parsedItems: ProjectItem[] = items.map((item) => ({
    ...(item.articleId.trim() ? { articleId: item.articleId.trim() } : {}),
    text: item.text,
    quantity: Number(item.quantity),
    unitPriceCents: centsOf(item.price),
  }));
  const draftTotal = parsedItems.every(
    (item) => Number.isFinite(item.quantity) && Number.isFinite(item.unitPriceCents),
  )
    ? projectTotalCents(parsedItems)
    : null;

  const replace = (next: Project) => query.setData(() => next);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await call(projectsApi.update, {
        params: { id: project.id },
        body: {
          baseVersion: project.version,
          project: staff
            ? {
                items: parsedItems,
                templateIds: templates,
                cables: Object.entries(cables).map(([liftId, status]) => ({ liftId, status })),
                notes,
              }
            : { notes },
        },
      });
      replace(saved);
      showToast('success', t`Saved successfully`);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSaving(false);
    }
  };

  const move = async (state: ProjectState) => {
    const moved = await moveProject(project, state, i18n);
    if (moved) replace(moved);
    else query.reload();
  };

  const canSave = staff || editableByCustomer;
  return (
    <Stack gap="4">
      <PageTitle title={document.name} />
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={STATE_PALETTE[document.state]} size="lg" data-testid="project-state">
          {i18n._(STATE_LABELS[document.state])}
        </Badge>
        <Text color="fg.muted" fontSize="sm">
          {project.userName ?? '—'}
          {document.siteAddress ? ` · ${document.siteAddress}` : ''}
        </Text>
      </HStack>
      {moves.length > 0 && (
        <HStack gap="2" wrap="wrap" role="group" aria-label={t`Change the state`}>
          {moves.map((state) => (
            <Button
              key={state}
              size="sm"
              variant={state.startsWith('canceled') ? 'outline' : 'solid'}
              colorPalette={state.startsWith('canceled') ? 'red' : STATE_PALETTE[state]}
              onClick={() => move(state)}
            >
              {i18n._(STATE_LABELS[state])}
            </Button>
          ))}
        </HStack>
      )}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root size="sm">
          <Card.Header>
            <Card.Title as="h2">
              <Trans>Lifts and cables</Trans>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            {document.lifts.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                <Trans>No lifts named.</Trans>
              </Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {document.lifts.map((lift, index) => {
                  const key = projectLiftKey(lift, index);
                  const status = cables[key] ?? 'notInstalled';
                  return (
                    <Box as="li" key={key}>
                      <Text fontSize="sm" fontWeight="medium">
                        {lift.label ??
                          (lift.liftId
                            ? t`Existing lift ${lift.liftId.slice(0, 8)}`
                            : t`New lift: ${lift.stops ?? '?'} stops, ${lift.loadKg ?? '?'} kg`)}
                        {lift.driveType ? ` · ${driveLabel(lift.driveType)}` : ''}
                      </Text>
                      {staff ? (
                        <FormField id={`cable-${key}`} label={t`Cable status`}>
                          <SelectInput
                            value={status}
                            onChange={(event) =>
                              setCables({ ...cables, [key]: event.target.value as CableStatus })
                            }
                            options={CABLE_STATUSES.map((value) => ({
                              value,
                              label: i18n._(CABLE_LABELS[value]),
                            }))}
                          />
                        </FormField>
                      ) : (
                        <Text fontSize="sm" color="fg.muted">
                          <Trans>Cable status</Trans>: {i18n._(CABLE_LABELS[status])}
                        </Text>
                      )}
                    </Box>
                  );
                })}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root size="sm">
          <Card.Header>
            <Card.Title as="h2">
              <Trans>Attached designs</Trans>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Stack gap="2">
              {templates.length === 0 && (
                <Text color="fg.muted" fontSize="sm">
                  <Trans>No designs attached.</Trans>
                </Text>
              )}
              <Stack as="ul" gap="2" listStyleType="none">
                {templates.map((id) => {
                  const design =
                    library.data?.templates.find((template) => template.id === id) ??
                    project.designs?.find((item) => item.id === id);
                  const name = design?.name ?? id;
                  return (
                    <HStack
                      as="li"
                      key={id}
                      justify="space-between"
                      align="start"
                      data-testid="project-design"
                    >
                      <HStack align="start" gap="3">
                        {design?.previewUrl ? (
                          <Image
                            src={design.previewUrl}
                            alt={t`Preview of ${name}`}
                            maxHeight="40"
                            maxWidth="32"
                            objectFit="contain"
                            borderWidth="1px"
                            borderRadius="l1"
                          />
                        ) : null}
                        <Stack gap="0">
                          <Text fontSize="sm" fontWeight="medium">
                            {name}
                          </Text>
                          {design?.type && (
                            <Text fontSize="xs" color="fg.muted">
                              {design.type}
                            </Text>
                          )}
                        </Stack>
                      </HStack>
                      {staff && (
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={t`Remove design ${name}`}
                          onClick={() => setTemplates(templates.filter((item) => item !== id))}
                        >
                          <Trash2 />
                        </IconButton>
                      )}
                    </HStack>
                  );
                })}
              </Stack>
              {staff && (
                <HStack align="end">
                  <FormField id="project-template" label={t`Panel design`}>
                    <SelectInput
                      value={templateDraft}
                      onChange={(event) => setTemplateDraft(event.target.value)}
                      options={[
                        { value: '', label: t`Choose a design` },
                        ...(library.data?.templates ?? [])
                          .filter((template) => !templates.includes(template.id))
                          .map((template) => ({
                            value: template.id,
                            label: `${template.name} (${template.type})`,
                          })),
                      ]}
                    />
                  </FormField>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!templateDraft}
                    onClick={() => {
                      if (templateDraft && !templates.includes(templateDraft))
                        setTemplates([...templates, templateDraft]);
                      setTemplateDraft('');
                    }}
                  >
                    <Trans>Attach</Trans>
                  </Button>
                </HStack>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <Card.Root size="sm">
        <Card.Header>
          <Card.Title as="h2">
            <Trans>Line items</Trans>
          </Card.Title>
        </Card.Header>
        <Card.Body>
          {staff ? (
            <Stack gap="2">
              {items.map((item, index) => (
                <SimpleGrid
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows stay at their place while edited
                  key={index}
                  columns={{ base: 2, md: 5 }}
                  gap="2"
                  alignItems="end"
                  data-testid="project-item"
                >
                  <Box gridColumn={{ base: 'span 2', md: 'span 2' }}>
                    <FormField id={`item-${index}-text`} label={t`Text`}>
                      <Input
                        size="sm"
                        value={item.text}
                        onChange={(event) =>
                          setItems(
                            items.map((row, i) => (i === index ? { ...row, text: event.target.value } : row)),
                          )
                        }
                      />
                    </FormField>
                  </Box>
                  <FormField
                    id={`item-${index}-quantity`}
                    label={t`Quantity`}
                    error={
                      Number(item.quantity) > MAX_ITEM_QUANTITY
                        ? translateServerMessage(i18n, MSG.itemQuantityTooLarge)
                        : null
                    }
                  >
                    <Input
                      size="sm"
                      type="number"
                      min={1}
                      max={MAX_ITEM_QUANTITY}
                      value={item.quantity}
                      onChange={(event) =>
                        setItems(
                          items.map((row, i) =>
                            i === index ? { ...row, quantity: event.target.value } : row,
                          ),
                        )
                      }
                    />
                  </FormField>
                  <FormField
                    id={`item-${index}-price`}
                    label={t`Unit price (€)`}
                    error={
                      centsOf(item.price) > MAX_ITEM_PRICE_CENTS
                        ? translateServerMessage(i18n, MSG.itemPriceTooLarge)
                        : null
                    }
                  >
                    <Input
                      size="sm"
                      inputMode="decimal"
                      value={item.price}
                      onChange={(event) =>
                        setItems(
                          items.map((row, i) => (i === index ? { ...row, price: event.target.value } : row)),
                        )
                      }
                    />
                  </FormField>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={t`Remove item ${index + 1}`}
                    onClick={() => setItems(items.filter((_row, i) => i !== index))}
                  >
                    <Trash2 />
                  </IconButton>
                </SimpleGrid>
              ))}
              <HStack align="end" wrap="wrap" gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setItems([...items, { articleId: '', text: '', quantity: '1', price: '0.00' }])
                  }
                >
                  <Plus aria-hidden="true" />
                  <Trans>Add item</Trans>
                </Button>
                <FormField id="project-article" label={t`Article from the design library`}>
                  <SelectInput
                    value={articleDraft}
                    onChange={(event) => setArticleDraft(event.target.value)}
                    options={[
                      { value: '', label: t`Choose an article` },
                      ...(articles.data?.subfolders ?? []).map((article) => ({
                        value: article.id,
                        label: `${article.number} · ${article.name} · ${formatCents(article.priceCents, i18n.locale)}`,
                      })),
                    ]}
                  />
                </FormField>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!articleDraft}
                  onClick={() => {
                    const article = articles.data?.subfolders.find((item) => item.id === articleDraft);
                    if (!article) return;
                    setItems([
                      ...items,
                      {
                        articleId: article.id,
                        text: `${article.number} ${article.name}`,
                        quantity: '1',
                        price: (article.priceCents / 100)
                          .toFixed(2)
                          .replace('.', i18n.locale === 'de' ? ',' : '.'),
                      },
                    ]);
                    setArticleDraft('');
                  }}
                >
                  <Trans>Add article</Trans>
                </Button>
              </HStack>
            </Stack>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>Item</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Quantity</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Unit price</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Sum</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {document.items.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a stored list, shown as it is
                    <Table.Row key={index}>
                      <Table.Cell>{item.text}</Table.Cell>
                      <Table.Cell textAlign="end">{item.quantity}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCents(item.unitPriceCents, i18n.locale)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {formatCents(item.quantity * item.unitPriceCents, i18n.locale)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <HStack justify="flex-end" marginTop="3" gap="2">
            <Text fontWeight="semibold">
              <Trans>Total</Trans>:
            </Text>
            <Text fontWeight="semibold" data-testid="project-total">
              {formatCents(staff && draftTotal !== null ? draftTotal : document.totalCents, i18n.locale)}
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>

      <FormField id="project-notes-edit" label={t`Notes`}>
        <Textarea
          rows={3}
          value={notes}
          readOnly={!canSave}
          onChange={(event) => setNotes(event.target.value)}
        />
      </FormField>
      {canSave && (
        <HStack justify="flex-end">
          <Button onClick={save} loading={saving}>
            <Trans>Save</Trans>
          </Button>
        </HStack>
      )}

      <Card.Root size="sm">
        <Card.Header>
          <Card.Title as="h2">
            <Trans>History</Trans>
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack as="ol" gap="1" listStyleType="none">
            {[...document.history].reverse().map((entry) => (
              <Text as="li" key={`${entry.at}-${entry.action}-${entry.to ?? ''}`} fontSize="sm">
                <Text as="span" color="fg.muted">
                  {new Date(entry.at).toLocaleString(i18n.locale)}
                </Text>{' '}
                {entry.userName ?? '—'}: {entry.action === 'created' && <Trans>created the project</Trans>}
                {entry.action === 'edited' && <Trans>changed the project</Trans>}
                {entry.action === 'edited' && entry.changes && <FieldChanges changes={entry.changes} />}
                {entry.action === 'offerMailed' && <Trans>mailed the offer</Trans>}
                {entry.action === 'state' && entry.from && entry.to && (
                  <Trans>
                    {i18n._(STATE_LABELS[entry.from as ProjectState])} →{' '}
                    {i18n._(STATE_LABELS[entry.to as ProjectState])}
                  </Trans>
                )}
              </Text>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
