import * as v from 'valibot';
import { MSG } from '../../../contract/messages';
import {
  type ChatMessage,
  ChatMessageInputSchema,
  type ChatSendAnswer,
  ChatTypingInputSchema,
} from '../../../contract/schemas/chat';
import { toFieldErrors } from '../../plugins/validation';
import { userRoom } from '../../realtime/rooms';
import type { UserSocket, UserSocketServer } from '../../realtime/user-socket';
import type { ChatRepository } from './chat.repository';

const MAX_WAITING_EVENTS = 50;

/**
 * A stored message goes to every socket of the recipient and of the sender; `except` is the
 * sending socket, which has its acknowledgement instead.
 */
export function deliverChatMessage(io: UserSocketServer, message: ChatMessage, except?: string): void {
  const rooms = io.to(userRoom(message.contactId)).to(userRoom(message.userId));
  (except ? rooms.except(except) : rooms).emit('message', message);
}

/** The chat events of one user socket: `message` (stored, delivered, acknowledged) and `typing` (relayed). */
export function handleChatEvents(
  io: UserSocketServer,
  socket: UserSocket,
  chat: ChatRepository,
  onError: (error: unknown) => void,
): void {
  const userId = socket.data.user.id;
  // One event at a time per socket: messages are stored in the order they were sent. A client
  // flooding the socket gets its surplus events refused rather than queued without end.
  let queue = Promise.resolve();
  let waiting = 0;
  const inTurn = (work: () => Promise<void>, refuse?: () => void) => {
    if (waiting >= MAX_WAITING_EVENTS) return refuse?.();
    waiting++;
    queue = queue
      .then(work)
      .catch(onError)
      .finally(() => {
        waiting--;
      });
  };

  socket.on('message', (input, ack) => {
    const answer = (result: ChatSendAnswer) => {
      if (typeof ack === 'function') ack(result);
    };
    inTurn(
      async () => {
        const parsed = v.safeParse(ChatMessageInputSchema, input);
        if (!parsed.success) {
          answer({ ok: false, error: Object.values(toFieldErrors(parsed.issues))[0] ?? MSG.invalidRequest });
          return;
        }
        try {
          const sent = await chat.send(userId, parsed.output.contactId, parsed.output.messageText);
          if (!sent) return answer({ ok: false, error: MSG.contactNotFound });
          deliverChatMessage(io, sent, socket.id);
          answer({ ok: true, message: sent });
        } catch (error) {
          onError(error);
          answer({ ok: false, error: MSG.serverError });
        }
      },
      () => answer({ ok: false, error: MSG.tooManyRequests }),
    );
  });

  socket.on('typing', (input) =>
    inTurn(async () => {
      const parsed = v.safeParse(ChatTypingInputSchema, input);
      if (!parsed.success) return;
      const { contactId, typing } = parsed.output;
      if (await chat.mayTalk(userId, contactId))
        io.to(userRoom(contactId)).emit('typing', { userId, typing });
    }),
  );
}
