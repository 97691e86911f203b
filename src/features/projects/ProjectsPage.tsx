import { Badge, Box, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, Columns3, List, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { projectsApi } from '../../../contract/api/projects';
import { PROJECT_STATES, type ProjectState } from '../../../contract/project-transitions';
import type { Project } from '../../../contract/schemas/project';
import { useApiQuery } from '../../data/api/use-api';
import { useSession } from '../../data/session/session';
import { useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { NewProjectDialog } from './NewProjectDialog';
import { OrderDialog } from './OrderDialog';
import { ProjectBoard } from './ProjectBoard';
import { CONFIRMED_MOVES, moveProject } from './project-changes';
import { formatCents, STATE_LABELS, STATE_PALETTE } from './project-labels';
import { SendOfferDialog } from './SendOfferDialog';

type SortKey = 'name' | 'customer' | 'state' | 'total' | 'updated';

function sortValue(project: Project, key: SortKey): string | number {
  switch (key) {
    case 'name':
      return project.project.name.toLowerCase();
    case 'customer':
      return (project.userName ?? '').toLowerCase();
    case 'state':
      return PROJECT_STATES.indexOf(project.project.state);
    case 'total':
      return project.project.totalCents;
    case 'updated':
      return project.updatedAt;
  }
}

function ProjectList({ projects }: { projects: Project[] }) {
  const { t, i18n } = useLingui();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'updated',
    descending: true,
  });
  const sorted = useMemo(() => {
    const list = [...projects].sort((a, b) => {
      const left = sortValue(a, sort.key);
      const right = sortValue(b, sort.key);
      return left < right ? -1 : left > right ? 1 : 0;
    });
    return sort.descending ? list.reverse() : list;
  }, [projects, sort]);
  const header = (key: SortKey, label: string, end = false) => (
    <Table.ColumnHeader
      textAlign={end ? 'end' : undefined}
      aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
    >
      <Button
        size="xs"
        variant="ghost"
        onClick={() => setSort({ key, descending: sort.key === key ? !sort.descending : false })}
      >
        {label}
        {sort.key === key &&
          (sort.descending ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" />)}
      </Button>
    </Table.ColumnHeader>
  );
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {header('name', t`Project`)}
            {header('customer', t`Customer`)}
            {header('state', t`State`)}
            {header('total', t`Total`, true)}
            {header('updated', t`Updated`)}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sorted.map((project) => (
            <Table.Row key={project.id}>
              <Table.Cell>
                <Link asChild colorPalette="blue" fontWeight="medium">
                  <RouterLink
                    to="/apps/projects/projects/$projectId/{-$userId}"
                    params={{ projectId: project.id }}
                  >
                    {project.project.name}
                  </RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{project.userName ?? '—'}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATE_PALETTE[project.project.state]} variant="subtle">
                  {i18n._(STATE_LABELS[project.project.state])}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCents(project.project.totalCents, i18n.locale)}</Table.Cell>
              <Table.Cell>{new Date(project.updatedAt).toLocaleDateString(i18n.locale)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** `/apps/projects/projects`: the projects as a board by state or as a sortable list (docs/projects.md). */
export function ProjectsPage() {
  const { t, i18n } = useLingui();
  const role = useSession().claims?.role ?? null;
  const staff = role === 'admin' || role === 'dev';
  const query = useApiQuery(projectsApi.list, {});
  useWarnOnLoadFailure(query.status === 'failed' ? query.error : null);
  const [view, setView] = useState<'board' | 'list'>('board');
  const [creating, setCreating] = useState(false);
  // Sending an offer and ordering ask first, from the board too.
  const [confirming, setConfirming] = useState<{ project: Project; state: ProjectState } | null>(null);
  const [moving, setMoving] = useState(false);
  if (query.status === 'failed' && !query.data) return <LoadFailure error={query.error} />;
  if (!query.data || !role) return <Loading />;
  const projects = query.data.projects;

  const move = async (project: Project, state: ProjectState, options: { acceptTerms?: boolean } = {}) => {
    setMoving(true);
    const moved = await moveProject(project, state, i18n, options).finally(() => setMoving(false));
    if (moved) {
      query.setData((current) =>
        current
          ? { projects: current.projects.map((item) => (item.id === moved.id ? moved : item)) }
          : current,
      );
    } else {
      query.reload();
    }
    return moved !== null;
  };
  const onMove = (project: Project, state: ProjectState) => {
    if (CONFIRMED_MOVES.includes(state)) setConfirming({ project, state });
    else void move(project, state);
  };
  const confirm = async () => {
    if (!confirming) return;
    const { project, state } = confirming;
    if (await move(project, state, state === 'ordered' ? { acceptTerms: true } : {})) setConfirming(null);
  };

  return (
    <Stack gap="4">
      <PageTitle title={t`Projects`} />
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="1" role="group" aria-label={t`View`}>
          <Button
            size="sm"
            variant={view === 'board' ? 'solid' : 'outline'}
            aria-pressed={view === 'board'}
            onClick={() => setView('board')}
          >
            <Columns3 aria-hidden="true" />
            <Trans>Board</Trans>
          </Button>
          <Button
            size="sm"
            variant={view === 'list' ? 'solid' : 'outline'}
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            <List aria-hidden="true" />
            <Trans>List</Trans>
          </Button>
        </HStack>
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {staff ? <Trans>New project</Trans> : <Trans>Request an offer</Trans>}
        </Button>
      </HStack>
      {projects.length === 0 ? (
        <Box padding="6" textAlign="center">
          <Text color="fg.muted">
            <Trans>No projects yet.</Trans>
          </Text>
        </Box>
      ) : view === 'board' ? (
        <ProjectBoard projects={projects} role={role} onMove={onMove} />
      ) : (
        <ProjectList projects={projects} />
      )}
      {confirming && (
        <SendOfferDialog
          open={confirming.state === 'sentOffer'}
          project={confirming.project}
          items={confirming.project.project.items}
          unsaved={false}
          busy={moving}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming && (
        <OrderDialog
          open={confirming.state === 'ordered'}
          project={confirming.project}
          busy={moving}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        />
      )}
      <NewProjectDialog
        open={creating}
        staff={staff}
        onClose={() => setCreating(false)}
        onCreated={(project) => {
          setCreating(false);
          query.setData((current) => (current ? { projects: [project, ...current.projects] } : current));
        }}
      />
    </Stack>
  );
}
