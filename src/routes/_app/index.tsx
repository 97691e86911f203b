import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_LANDING_PATH } from '../../../contract/constants';

export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ to: DEFAULT_LANDING_PATH, replace: true });
  },
});
