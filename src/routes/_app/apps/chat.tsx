import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../../data/i18n';
import { ChatPage, validateChatSearch } from '../../../features/chat/ChatPage';

export const Route = createFileRoute('/_app/apps/chat')({
  validateSearch: validateChatSearch,
  loader: () => loadCatalog('people'),
  component: ChatPage,
});
