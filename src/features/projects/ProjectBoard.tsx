import { Badge, Box, HStack, IconButton, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
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
import { useEffect, useRef, useState } from 'react';
import { allowedMoves, PROJECT_STATES, type ProjectState } from '../../../contract/project-transitions';
import type { Role } from '../../../contract/roles';
import type { Project } from '../../../contract/schemas/project';
import { formatCents, STATE_LABELS, STATE_PALETTE } from './project-labels';

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

/** Which sides of a sideways-scrolling box hide content; follows scrolling and resizing. */
function useHiddenSides(box: React.RefObject<HTMLElement | null>) {
  const [sides, setSides] = useState({ start: false, end: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setSides((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [box]);
  return sides;
}

/**
 * A shadow and a button on the side where columns are hidden: the board is wider than most
 * screens (eight states), and a cut-off column gave no hint that there was more.
 */
function ScrollHint({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const { t } = useLingui();
  const start = side === 'start';
  return (
    <Box
      position="absolute"
      top="0"
      bottom="2"
      insetStart={start ? '0' : undefined}
      insetEnd={start ? undefined : '0'}
      width="10"
      pointerEvents="none"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bgGradient={start ? 'to-r' : 'to-l'}
      gradientFrom="blackAlpha.300"
      gradientTo="transparent"
      borderRadius="l3"
      data-testid={`board-more-${side}`}
    >
      <IconButton
        size="xs"
        variant="outline"
        bg="bg"
        borderRadius="full"
        pointerEvents="auto"
        aria-label={start ? t`Show the previous columns` : t`Show the next columns`}
        onClick={onClick}
      >
        {start ? <ChevronLeft /> : <ChevronRight />}
      </IconButton>
    </Box>
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
  const scroller = useRef<HTMLDivElement>(null);
  const hidden = useHiddenSides(scroller);
  // About two columns a click, smoothly unless the system asks for less motion.
  const scrollBy = (direction: 1 | -1) =>
    scroller.current?.scrollBy({
      left: direction * scroller.current.clientWidth * 0.6,
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
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
      <Box position="relative">
        <HStack
          ref={scroller}
          align="stretch"
          gap="3"
          overflowX="auto"
          paddingBottom="2"
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
        {hidden.start && <ScrollHint side="start" onClick={() => scrollBy(-1)} />}
        {hidden.end && <ScrollHint side="end" onClick={() => scrollBy(1)} />}
      </Box>
    </DndContext>
  );
}
