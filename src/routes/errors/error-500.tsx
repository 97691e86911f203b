import { createFileRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '../../features/error-pages/ServerErrorPage';

export const Route = createFileRoute('/errors/error-500')({
  component: ServerErrorPage,
});
