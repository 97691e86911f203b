import { createFileRoute } from '@tanstack/react-router';
import { loadCatalog } from '../../../data/i18n/i18n';
import { ChatPage } from '../../../features/chat/ChatPage';
import { validateChatSearch } from '../../../features/chat/chat-search';

export const Route = createFileRoute('/_app/apps/chat')({
  validateSearch: validateChatSearch,
  loader: () => Promise.all([loadCatalog('people'), loadCatalog('screens')]),
  component: ChatPage,
});
