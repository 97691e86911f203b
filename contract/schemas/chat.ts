import * as v from 'valibot';
import { MSG } from '../messages';
import { ROLES } from '../roles';
import { IdSchema, requiredText } from './common';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_SIZE_DEFAULT = 50;
export const CHAT_PAGE_SIZE_MAX = 100;

/** A chat message (docs/spec-texts.md#entities): `userId` wrote it to `contactId` at `time` (ISO 8601). */
export const ChatMessageSchema = v.object({
  id: IdSchema,
  /** The sender. */
  userId: IdSchema,
  /** The recipient. */
  contactId: IdSchema,
  messageText: v.string(),
  time: v.string(),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/** Somebody the signed-in user may talk to (docs/access.md scope), as the contact list shows him. */
export const ContactSchema = v.object({
  id: IdSchema,
  displayName: v.string(),
  role: v.picklist(ROLES),
  avatarUrl: v.nullable(v.string()),
  email: v.optional(v.string()),
  phoneNumber: v.optional(v.nullable(v.string())),
  starred: v.boolean(),
  /** Messages from him that the signed-in user has not read yet. */
  unread: v.number(),
  online: v.optional(v.boolean()),
  /** The latest message between the two, either way. */
  lastMessage: v.optional(v.nullable(ChatMessageSchema)),
});
export type Contact = v.InferOutput<typeof ContactSchema>;
export const ContactListSchema = v.array(ContactSchema);

/** `POST /api/chat/messages` and the socket's `message`: what a user sends. */
export const ChatMessageInputSchema = v.object({
  contactId: IdSchema,
  messageText: requiredText(CHAT_MESSAGE_MAX_LENGTH, MSG.messageRequired),
});
export type ChatMessageInput = v.InferOutput<typeof ChatMessageInputSchema>;

/** `GET /api/chat/messages?contactId&before&limit`: `before` is the id of the oldest message held. */
export const ChatMessagesQuerySchema = v.object({
  contactId: IdSchema,
  before: v.optional(IdSchema),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, MSG.invalidValue),
      v.transform(Number),
      v.minValue(1, MSG.invalidValue),
      v.maxValue(CHAT_PAGE_SIZE_MAX, MSG.invalidValue),
    ),
    String(CHAT_PAGE_SIZE_DEFAULT),
  ),
});
export const ChatMessageListSchema = v.array(ChatMessageSchema);

/** `POST /api/chat/read`: the messages from `contactId` are read now. */
export const ChatReadSchema = v.object({ contactId: IdSchema });
export const ChatReadResultSchema = v.object({ read: v.number() });

/** `GET /api/chat/unread`: messages to the signed-in user, from people he may still talk to, not read yet. */
export const ChatUnreadSchema = v.object({ unread: v.number() });

/** `PUT /api/chat/contacts/{id}/star`. */
export const ContactStarSchema = v.object({ starred: v.boolean(MSG.invalidValue) });

/** The socket's `typing` from a client: he started or stopped typing to `contactId`. */
export const ChatTypingInputSchema = v.object({ contactId: IdSchema, typing: v.boolean() });
export type ChatTypingInput = v.InferOutput<typeof ChatTypingInputSchema>;

/** The socket's `message` acknowledgement: the stored message, or why it was refused. */
export type ChatSendAnswer = { ok: true; message: ChatMessage } | { ok: false; error: string };
