import { Badge, Button, HStack, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  allowedMoves,
  customerMayEdit,
  offerIsOut,
  type ProjectState,
} from '../../../contract/project-transitions';
import { FormField } from '../../ui/FormField';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { OrderDialog } from './OrderDialog';
import { ProjectDesignsCard } from './ProjectDesignsCard';
import { ProjectHistoryCard } from './ProjectHistoryCard';
import { ProjectItemsCard } from './ProjectItemsCard';
import { ProjectLiftsCard } from './ProjectLiftsCard';
import { ProjectOfferCard } from './ProjectOfferCard';
import { CONFIRMED_MOVES } from './project-changes';
import { parsedItems } from './project-draft';
import { moveLabel, STATE_LABELS, STATE_PALETTE } from './project-labels';
import { SendOfferDialog } from './SendOfferDialog';
import { useProjectEditor } from './use-project-editor';

/** `/apps/projects/projects/:projectId`: details, offer and order, line items and sums, designs, cables, history, actions. */
export function ProjectPage({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  const editor = useProjectEditor(projectId);
  const { project, draft, role, staff, query } = editor;
  const [confirming, setConfirming] = useState<ProjectState | null>(null);

  if (query.status === 'failed' && !project) return <LoadFailure error={query.error} />;
  if (!project || !draft || !role) return <Loading />;
  const document = project.project;
  const moves = allowedMoves(document.state, role);
  const canSave = staff || customerMayEdit(document.state);
  // What went out stays as sent: staff take the offer back to revise items and designs.
  const offerEditable = staff && !offerIsOut(document.state);

  const onMove = (state: ProjectState) => {
    if (CONFIRMED_MOVES.includes(state)) setConfirming(state);
    else void editor.move(state);
  };
  const confirm = async (state: ProjectState) => {
    if (await editor.move(state, state === 'ordered' ? { acceptTerms: true } : {})) setConfirming(null);
  };

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
              loading={editor.moving && confirming === null}
              onClick={() => onMove(state)}
            >
              {i18n._(moveLabel(document.state, state))}
            </Button>
          ))}
        </HStack>
      )}

      <ProjectOfferCard project={project} staff={staff} />

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ProjectLiftsCard
          lifts={document.lifts}
          cables={draft.cables}
          staff={staff}
          onCable={(key, status) =>
            editor.edit((now) => ({ ...now, cables: { ...now.cables, [key]: status } }))
          }
        />
        <ProjectDesignsCard
          templateIds={draft.templateIds}
          library={editor.designs}
          attached={project.designs}
          staff={offerEditable}
          onChange={(templateIds) => editor.edit((now) => ({ ...now, templateIds }))}
        />
      </SimpleGrid>

      <ProjectItemsCard
        stored={document.items}
        storedTotalCents={document.totalCents}
        items={draft.items}
        articles={editor.articles}
        staff={offerEditable}
        onChange={(items) => editor.edit((now) => ({ ...now, items }))}
      />

      <FormField id="project-notes-edit" label={t`Notes`}>
        <Textarea
          rows={3}
          value={draft.notes}
          readOnly={!canSave}
          onChange={(event) => {
            const notes = event.target.value;
            editor.edit((now) => ({ ...now, notes }));
          }}
        />
      </FormField>
      {canSave && (
        <HStack justify="flex-end">
          <Button onClick={() => void editor.save()} loading={editor.saving}>
            <Trans>Save</Trans>
          </Button>
        </HStack>
      )}

      <ProjectHistoryCard history={document.history} />

      <SendOfferDialog
        open={confirming === 'sentOffer'}
        project={project}
        items={editor.dirty ? parsedItems(draft.items, i18n.locale) : document.items}
        unsaved={editor.dirty}
        busy={editor.moving}
        onConfirm={() => void confirm('sentOffer')}
        onClose={() => setConfirming(null)}
      />
      <OrderDialog
        open={confirming === 'ordered'}
        project={project}
        busy={editor.moving}
        onConfirm={() => void confirm('ordered')}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
