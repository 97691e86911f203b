import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/error-pages/NotFoundPage';

export const Route = createFileRoute('/errors/error-404')({
  component: NotFoundPage,
});
