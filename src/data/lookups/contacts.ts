import { chatApi } from '../../../contract/api/chat';
import type { Contact } from '../../../contract/schemas/chat';
import { call } from '../api/http';

/** The people the signed-in user may talk to (chat and contacts pages). */
export const fetchContacts = (signal?: AbortSignal) => call(chatApi.contacts, {}, signal ? { signal } : {});

export const setContactStar = (contactId: string, starred: boolean) =>
  call(chatApi.star, { params: { id: contactId }, body: { starred } });

const lastTime = (contact: Contact) => (contact.lastMessage ? Date.parse(contact.lastMessage.time) : 0);

/** The server's order: starred first, then by the latest message, then by name. */
export function sortContacts(contacts: Contact[]): Contact[] {
  return [...contacts].sort(
    (a, b) =>
      Number(b.starred) - Number(a.starred) ||
      lastTime(b) - lastTime(a) ||
      a.displayName.localeCompare(b.displayName),
  );
}

/** Contacts whose name or email contains `search` (any case). */
export function filterContacts(contacts: Contact[], search: string): Contact[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return contacts;
  return contacts.filter(
    (contact) =>
      contact.displayName.toLocaleLowerCase().includes(needle) ||
      (contact.email ?? '').toLocaleLowerCase().includes(needle),
  );
}
