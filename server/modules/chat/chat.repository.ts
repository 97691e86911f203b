import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ChatMessage, Contact } from '../../../contract/schemas/chat';
import { chatPairCondition, mayTalk, me, partner } from '../../access/contacts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { chatMessages, contactStars } from '../../db/schema/chat';

type ChatMessageRow = typeof chatMessages.$inferSelect;

export function toChatMessage(
  row: Pick<ChatMessageRow, 'id' | 'userId' | 'contactId' | 'messageText' | 'time'>,
): ChatMessage {
  return {
    id: row.id,
    userId: row.userId,
    contactId: row.contactId,
    messageText: row.messageText,
    time: row.time.toISOString(),
  };
}

/** Messages between the two, either way. */
const between = (userId: string, contactId: string): SQL =>
  or(
    and(eq(chatMessages.userId, userId), eq(chatMessages.contactId, contactId)),
    and(eq(chatMessages.userId, contactId), eq(chatMessages.contactId, userId)),
  ) as SQL;

/**
 * Chat messages, contacts and stars. Every method that names a contact checks the pair against
 * the scope rule (`mayTalk`) first and answers null when they may not talk: callers answer 404.
 */
export function createChatRepository(db: Database) {
  return {
    /** The people `userId` may talk to, starred first, then by the latest message, then by name. */
    async contacts(userId: string, isOnline: (id: string) => boolean = () => false): Promise<Contact[]> {
      const people = await db
        .select({
          id: partner.id,
          displayName: partner.displayName,
          role: partner.role,
          avatarUrl: partner.avatarUrl,
          email: partner.email,
          phoneNumber: partner.phoneNumber,
          starred: sql<boolean>`exists (select 1 from ${contactStars}
            where ${contactStars.userId} = ${userId} and ${contactStars.contactId} = ${partner.id})`.mapWith(
            Boolean,
          ),
          unread: sql<number>`(select count(*) from ${chatMessages}
            where ${chatMessages.userId} = ${partner.id} and ${chatMessages.contactId} = ${userId}
              and ${chatMessages.readAt} is null)`.mapWith(Number),
        })
        .from(me)
        .innerJoin(partner, chatPairCondition())
        .where(eq(me.id, userId))
        .orderBy(asc(partner.displayName), asc(partner.id));

      // The latest message with each partner, in one pass over the user's messages.
      const latest = rowsOf<{
        id: string;
        user_id: string;
        contact_id: string;
        message_text: string;
        time: Date | string;
        partner_id: string;
      }>(
        await db.execute(sql`
          select distinct on (partner_id) id, user_id, contact_id, message_text, time, partner_id from (
            select m.*, case when m.user_id = ${userId} then m.contact_id else m.user_id end as partner_id
              from ${chatMessages} m where m.user_id = ${userId} or m.contact_id = ${userId}
          ) mine
          order by partner_id, time desc, id desc`),
      );
      const lastByPartner = new Map(
        latest.map((row) => [
          row.partner_id,
          toChatMessage({
            id: row.id,
            userId: row.user_id,
            contactId: row.contact_id,
            messageText: row.message_text,
            time: new Date(row.time),
          }),
        ]),
      );

      const contacts: Contact[] = people.map((person) => ({
        ...person,
        online: isOnline(person.id),
        lastMessage: lastByPartner.get(person.id) ?? null,
      }));
      const lastTime = (contact: Contact) => (contact.lastMessage ? Date.parse(contact.lastMessage.time) : 0);
      // Stable sort: among equals the name order of the query stays.
      return contacts.sort((a, b) => Number(b.starred) - Number(a.starred) || lastTime(b) - lastTime(a));
    },

    /** One page of the conversation, oldest first: the `limit` messages before `before` (or the newest). */
    async messages(
      userId: string,
      contactId: string,
      { before, limit }: { before?: string | undefined; limit: number },
    ): Promise<ChatMessage[] | null> {
      if (!(await mayTalk(db, userId, contactId))) return null;
      const cursor = before
        ? sql`(${chatMessages.time}, ${chatMessages.id}) < (select c.time, c.id from ${chatMessages} c
            where c.id = ${before})`
        : undefined;
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(between(userId, contactId), cursor))
        .orderBy(desc(chatMessages.time), desc(chatMessages.id))
        .limit(limit);
      return rows.reverse().map(toChatMessage);
    },

    /** Stores a message from `userId` to `contactId`; null when the two may not talk. */
    async send(userId: string, contactId: string, messageText: string): Promise<ChatMessage | null> {
      if (!(await mayTalk(db, userId, contactId))) return null;
      const [row] = await db.insert(chatMessages).values({ userId, contactId, messageText }).returning();
      if (!row) throw new Error('insert into chat_messages returned no row');
      return toChatMessage(row);
    },

    /** Marks every message from `contactId` to `userId` read; the number marked, or null when out of scope. */
    async markRead(userId: string, contactId: string): Promise<number | null> {
      if (!(await mayTalk(db, userId, contactId))) return null;
      const marked = await db
        .update(chatMessages)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(chatMessages.userId, contactId),
            eq(chatMessages.contactId, userId),
            isNull(chatMessages.readAt),
          ),
        )
        .returning({ id: chatMessages.id });
      return marked.length;
    },

    /**
     * All unread messages to `userId`, counted over the same contacts as `contacts` so that the
     * total matches their sum: a message from somebody out of reach now could never be read.
     */
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: sql<number>`count(*)`.mapWith(Number) })
        .from(me)
        .innerJoin(partner, chatPairCondition())
        .innerJoin(
          chatMessages,
          and(
            eq(chatMessages.userId, partner.id),
            eq(chatMessages.contactId, me.id),
            isNull(chatMessages.readAt),
          ),
        )
        .where(eq(me.id, userId));
      return row?.unread ?? 0;
    },

    /** Stars or unstars a contact; the new state, or null when out of scope. */
    async setStar(userId: string, contactId: string, starred: boolean): Promise<boolean | null> {
      if (!(await mayTalk(db, userId, contactId))) return null;
      if (starred) await db.insert(contactStars).values({ userId, contactId }).onConflictDoNothing();
      else
        await db
          .delete(contactStars)
          .where(and(eq(contactStars.userId, userId), eq(contactStars.contactId, contactId)));
      return starred;
    },

    mayTalk: (userId: string, contactId: string) => mayTalk(db, userId, contactId),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
