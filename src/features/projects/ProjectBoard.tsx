import { Badge, Box, Button, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { allowedMoves, PROJECT_STATES, type ProjectState } from '../../../contract/project-transitions';
import type { Role } from '../../../contract/roles';
import type { Project } from '../../../contract/schemas/project';
import { formatCents, STATE_LABELS, STATE_PALETTE } from './project-labels';
import { useBoardScroll } from './use-board-scroll';

function ProjectCard({
  project,
  role,
  onMove,
}: {
  project: Project;
  role: Role;
  onMove: (project: Project, state: ProjectState) => void;
}) {
  const { t, i18n } = useLingui();
  const moves = allowedMoves(project.project.state, role);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: project.id,
    data: { project },
    disabled: moves.length === 0,
  });
  const selectId = `move-${project.id}`;
  return (
    <Box
      ref={setNodeRef}
      as="li"
      bg="bg"
      borderWidth="1px"
      borderRadius="l2"
      padding="2"
      boxShadow={isDragging ? 'lg' : 'xs'}
      opacity={isDragging ? 0.8 : 1}
      zIndex={isDragging ? 'docked' : undefined}
      position="relative"
      style={{ transform: CSS.Translate.toString(transform) }}
      data-testid={`project-card-${project.id}`}
    >
      <Stack gap="1">
        {/* The handle: drag with the mouse or pick up with Space/Enter and move with the arrow keys. */}
        <Box
          {...listeners}
          {...attributes}
          aria-label={moves.length > 0 ? t`Drag ${project.project.name} to another state` : undefined}
          cursor={moves.length > 0 ? 'grab' : 'default'}
          touchAction="none"
          borderRadius="l1"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <Text fontWeight="medium" fontSize="sm" lineClamp={2}>
            {project.project.name}
          </Text>
        </Box>
        <Text fontSize="xs" color="fg.muted">
          {project.userName ?? '—'} · {formatCents(project.project.totalCents, i18n.locale)}
        </Text>
        <HStack justify="space-between" gap="1" wrap="wrap">
          <Link asChild fontSize="xs" colorPalette="blue">
            <RouterLink to="/apps/projects/projects/$projectId/{-$userId}" params={{ projectId: project.id }}>
              {t`Open`}
            </RouterLink>
          </Link>
          {moves.length > 0 && (
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field
                id={selectId}
                aria-label={t`Move ${project.project.name} to`}
                value=""
                onChange={(event) => {
                  const state = event.target.value as ProjectState;
                  if (state) onMove(project, state);
                }}
              >
                <option value="">{t`Move to…`}</option>
                {moves.map((state) => (
                  <option key={state} value={state}>
                    {i18n._(STATE_LABELS[state])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

function Column({
  state,
  projects,
  role,
  dragged,
  onMove,
}: {
  state: ProjectState;
  projects: Project[];
  role: Role;
  dragged: Project | null;
  onMove: (project: Project, state: ProjectState) => void;
}) {
  const { i18n } = useLingui();
  const accepts = dragged !== null && allowedMoves(dragged.project.state, role).includes(state);
  const { setNodeRef, isOver } = useDroppable({ id: state, disabled: !accepts });
  const headingId = `column-${state}`;
  return (
    <Box
      ref={setNodeRef}
      as="section"
      aria-labelledby={headingId}
      minWidth={{ base: '15rem', md: '14rem' }}
      flex="1 0 14rem"
      bg={isOver && accepts ? 'colorPalette.subtle' : 'bg.muted'}
      colorPalette={STATE_PALETTE[state]}
      borderRadius="l3"
      padding="2"
      opacity={dragged && !accepts && dragged.project.state !== state ? 0.5 : 1}
      outline={accepts ? '2px dashed' : undefined}
      outlineColor="colorPalette.solid"
      data-testid={`column-${state}`}
    >
      <HStack justify="space-between" marginBottom="2">
        <Text as="h2" id={headingId} fontWeight="semibold" fontSize="sm">
          {i18n._(STATE_LABELS[state])}
        </Text>
        <Badge variant="subtle">{projects.length}</Badge>
      </HStack>
      <Stack as="ul" gap="2" listStyleType="none" minHeight="4rem">
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} role={role} onMove={onMove} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Above the board, when its columns do not all fit: which of them are in view and buttons to the
 * others, so nobody takes the visible columns for all there are.
 */
function BoardScrollBar({
  scrollerId,
  scroll,
}: {
  scrollerId: string;
  scroll: ReturnType<typeof useBoardScroll>;
}) {
  const { t } = useLingui();
  const { view, allShown, canGoBack, canGoForward, step } = scroll;
  if (view.total === 0 || allShown) return null;
  const { first, last, total } = view;
  return (
    <HStack justify="space-between" gap="2" marginBottom="2" data-testid="board-scroll-bar">
      <Button
        size="xs"
        variant="outline"
        aria-controls={scrollerId}
        disabled={!canGoBack}
        onClick={() => step('back')}
      >
        <ChevronLeft aria-hidden />
        {t`Previous columns`}
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite" textAlign="center">
        {first === last ? t`Column ${first} of ${total}` : t`Columns ${first}–${last} of ${total}`}
      </Text>
      <Button
        size="xs"
        variant="outline"
        aria-controls={scrollerId}
        disabled={!canGoForward}
        onClick={() => step('forward')}
      >
        {t`Next columns`}
        <ChevronRight aria-hidden />
      </Button>
    </HStack>
  );
}

/** The board: a column per state; a card goes only where the transition table lets the role move it. */
export function ProjectBoard({
  projects,
  role,
  onMove,
}: {
  projects: Project[];
  role: Role;
  onMove: (project: Project, state: ProjectState) => void;
}) {
  const { t, i18n } = useLingui();
  const label = (id: string | number) => i18n._(STATE_LABELS[id as ProjectState]);
  const [dragged, setDragged] = useState<Project | null>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const scrollerId = useId();
  const scroll = useBoardScroll(scrollerRef);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const onDragStart = (event: DragStartEvent) =>
    setDragged((event.active.data.current as { project: Project } | undefined)?.project ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    const project = dragged;
    setDragged(null);
    const target = event.over?.id as ProjectState | undefined;
    if (project && target && allowedMoves(project.project.state, role).includes(target))
      onMove(project, target);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable: t`To pick up a project, press Space or Enter. Move it with the arrow keys to a highlighted column, press Space or Enter again to drop it, or Escape to cancel. The "Move to" list does the same.`,
        },
        announcements: {
          onDragStart: () => t`Picked up the project.`,
          onDragOver: ({ over }) => (over ? t`Over ${label(over.id)}.` : t`Not over a column that takes it.`),
          onDragEnd: ({ over }) => (over ? t`Dropped on ${label(over.id)}.` : t`Dropped outside a column.`),
          onDragCancel: () => t`Moving canceled.`,
        },
      }}
    >
      <BoardScrollBar scrollerId={scrollerId} scroll={scroll} />
      <HStack
        ref={scrollerRef}
        id={scrollerId}
        role="region"
        aria-label={t`Project states`}
        // Focusable so the keyboard can scroll it sideways too.
        tabIndex={0}
        align="stretch"
        gap="3"
        overflowX="auto"
        paddingBottom="2"
        borderRadius="l3"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        data-testid="project-board"
      >
        {PROJECT_STATES.map((state) => (
          <Column
            key={state}
            state={state}
            role={role}
            dragged={dragged}
            onMove={onMove}
            projects={projects.filter((project) => project.project.state === state)}
          />
        ))}
      </HStack>
    </DndContext>
  );
}
