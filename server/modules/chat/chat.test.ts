import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { ChatMessage, ChatSendAnswer, Contact } from '../../../contract/schemas/chat';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contract/socket';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { chatMessages } from '../../db/schema/chat';
import { lifts, liftUsers } from '../../db/schema/lifts';
import { type NewUserRow, users } from '../../db/schema/users';

type UserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Fixture people beside the five demo accounts, each with what makes him (un)reachable. */
type Extra = 'outsider' | 'liftServiceman' | 'goneLiftServiceman' | 'invitedColleague' | 'companyServiceman';
type Person = Role | Extra;

let t: TestApp;
let baseUrl: string;
const ids = {} as Record<Person, string>;
const tokens = {} as Record<Person, string>;
const sockets: UserSocket[] = [];

async function addUser(values: Omit<NewUserRow, 'email'> & { email?: string }, key: Extra) {
  const db = t.database.handle.db;
  const [row] = await db
    .insert(users)
    .values({ email: `${key.toLowerCase()}@chat.test`, status: 'active', ...values })
    .returning();
  if (!row) throw new Error(`fixture ${key} not created`);
  ids[key] = row.id;
  tokens[key] = await t.app.accessTokens.signIn(row);
}

async function addLift(
  uid: string,
  imei: string,
  assigned: { userId: string; kind: 'customer' | 'serviceman' }[],
) {
  const db = t.database.handle.db;
  const [lift] = await db
    .insert(lifts)
    .values({ uid, imei, address: 'Teststraße 1, Berlin', parameters: {} as never })
    .returning({ id: lifts.id });
  if (!lift) throw new Error('fixture lift not created');
  await db.insert(liftUsers).values(assigned.map((entry) => ({ ...entry, liftId: lift.id })));
  return lift.id;
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const role of ['dev', 'admin', 'customer_admin', 'customer', 'service_man'] as const) {
    const session = await t.signInAs(role);
    ids[role] = session.user.id;
    tokens[role] = session.access_token;
  }
  // Another company's customer, created by the admin: only staff may talk to him.
  await addUser(
    { role: 'customer', displayName: 'Olga Outsider', companyId: 'ZZ-99', createdBy: ids.admin },
    'outsider',
  );
  // A service man of nobody's company, sharing a lift with the demo customer.
  await addUser({ role: 'service_man', displayName: 'Lutz Lift', createdBy: ids.admin }, 'liftServiceman');
  // A service man who shared a lift with the demo customer, but that lift is deleted.
  await addUser(
    { role: 'service_man', displayName: 'Gerd Gone', createdBy: ids.admin },
    'goneLiftServiceman',
  );
  // Same company as the demo customer, but has not registered yet.
  await addUser(
    {
      role: 'customer',
      displayName: 'Ines Invited',
      companyId: 'AB-10117',
      status: 'invited',
      createdBy: ids.admin,
    },
    'invitedColleague',
  );
  // A service man the customer admin created.
  await addUser(
    { role: 'service_man', displayName: 'Carl Company', createdBy: ids.customer_admin },
    'companyServiceman',
  );

  await addLift('CHAT-1', '356938035640001', [
    { userId: ids.customer, kind: 'customer' },
    { userId: ids.liftServiceman, kind: 'serviceman' },
  ]);
  const gone = await addLift('CHAT-2', '356938035640002', [
    { userId: ids.customer, kind: 'customer' },
    { userId: ids.goneLiftServiceman, kind: 'serviceman' },
  ]);
  await t.database.handle.db.update(lifts).set({ deletedAt: new Date() }).where(eq(lifts.id, gone));
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const headers = (who: Person) => ({ authorization: `Bearer ${tokens[who]}` });

async function contactsOf(who: Person): Promise<Contact[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/chat/contacts', headers: headers(who) });
  expect(response.statusCode).toBe(200);
  return response.json<Contact[]>();
}

async function send(from: Person, to: Person, messageText: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    headers: headers(from),
    payload: { contactId: ids[to], messageText },
  });
}

async function conversation(who: Person, withWhom: Person, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/chat/messages?contactId=${ids[withWhom]}${query}`,
    headers: headers(who),
  });
}

const DEMO_ROLES: Role[] = ['dev', 'admin', 'customer_admin', 'customer', 'service_man'];
const EVERYONE: Person[] = [
  ...DEMO_ROLES,
  'outsider',
  'liftServiceman',
  'goneLiftServiceman',
  'invitedColleague',
  'companyServiceman',
];

/** Who may talk to whom, listed once per pair; the rule is symmetric. */
const ALLOWED: [Person, Person][] = [
  ...EVERYONE.filter((p) => p !== 'dev' && p !== 'invitedColleague').map((p): [Person, Person] => ['dev', p]),
  ...EVERYONE.filter((p) => p !== 'dev' && p !== 'admin' && p !== 'invitedColleague').map(
    (p): [Person, Person] => ['admin', p],
  ),
  ['customer_admin', 'customer'], // same company
  ['customer_admin', 'companyServiceman'], // created him
  ['customer', 'service_man'], // created him
  ['customer', 'liftServiceman'], // share a lift
];
const allowed = (a: Person, b: Person) =>
  ALLOWED.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
const PAIRS: [Person, Person, boolean][] = EVERYONE.filter((p) => p !== 'invitedColleague').flatMap((a) =>
  EVERYONE.filter((b) => b !== a).map((b): [Person, Person, boolean] => [a, b, allowed(a, b)]),
);

describe('who may talk to whom', () => {
  it.each(PAIRS)('%s and %s: allowed %s, in contacts and conversation', async (a, b, expected) => {
    const contactIds = (await contactsOf(a)).map((contact) => contact.id);
    expect(contactIds.includes(ids[b])).toBe(expected);
    expect((await conversation(a, b)).statusCode).toBe(expected ? 200 : 404);
  });

  it('refuses a message outside the scope with 404 and stores nothing', async () => {
    const response = await send('customer', 'outsider', 'Hallo?');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.contactNotFound });
    const stored = await t.database.handle.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.contactId, ids.outsider));
    expect(stored).toEqual([]);
  });

  it('refuses a message to oneself and to an unknown id', async () => {
    expect((await send('admin', 'admin', 'me')).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      headers: headers('admin'),
      payload: { contactId: '00000000-0000-4000-8000-000000000000', messageText: 'anyone?' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks for a sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/contacts' });
    expect(response.statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('stores a trimmed message and shows it to both sides, oldest first', async () => {
    const first = await send('customer_admin', 'customer', '  Guten Morgen!  ');
    expect(first.statusCode).toBe(201);
    const message = first.json<ChatMessage>();
    expect(message).toEqual({
      id: expect.any(String),
      userId: ids.customer_admin,
      contactId: ids.customer,
      messageText: 'Guten Morgen!',
      time: expect.any(String),
    });
    expect(new Date(message.time).toISOString()).toBe(message.time);
    const reply = (await send('customer', 'customer_admin', 'Morgen!')).json<ChatMessage>();

    const seenByCustomer = (await conversation('customer', 'customer_admin')).json<ChatMessage[]>();
    const seenByAdmin = (await conversation('customer_admin', 'customer')).json<ChatMessage[]>();
    expect(seenByCustomer.map((m) => m.id)).toEqual([message.id, reply.id]);
    expect(seenByAdmin).toEqual(seenByCustomer);
  });

  it.each([
    ['a blank text', '   ', MSG.messageRequired],
    ['no text', undefined, MSG.required],
    ['a text over 2000 characters', 'x'.repeat(2001), MSG.tooLong],
  ])('refuses %s with a field error', async (_case, messageText, error) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      headers: headers('admin'),
      payload: { contactId: ids.customer, messageText },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ messageText: error });
  });

  it('refuses a malformed contact id and paging parameters with 400', async () => {
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/chat/messages?contactId=nope',
      headers: headers('admin'),
    });
    expect(badId.statusCode).toBe(400);
    expect((await conversation('admin', 'customer', '&limit=0')).statusCode).toBe(400);
    expect((await conversation('admin', 'customer', '&limit=101')).statusCode).toBe(400);
    expect((await conversation('admin', 'customer', '&before=x')).statusCode).toBe(400);
  });

  it('pages backwards from the oldest message held', async () => {
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 5; i++) sent.push((await send('dev', 'liftServiceman', `Nachricht ${i}`)).json());

    const newest = (await conversation('liftServiceman', 'dev', '&limit=2')).json<ChatMessage[]>();
    expect(newest.map((m) => m.messageText)).toEqual(['Nachricht 4', 'Nachricht 5']);
    const older = (await conversation('liftServiceman', 'dev', `&limit=2&before=${newest[0]?.id}`)).json<
      ChatMessage[]
    >();
    expect(older.map((m) => m.messageText)).toEqual(['Nachricht 2', 'Nachricht 3']);
    const oldest = (await conversation('liftServiceman', 'dev', `&before=${older[0]?.id}`)).json<
      ChatMessage[]
    >();
    expect(oldest.map((m) => m.messageText)).toEqual(['Nachricht 1']);
  });

  it('does not page into another conversation through a foreign message id', async () => {
    const foreign = (await send('customer_admin', 'companyServiceman', 'intern')).json<ChatMessage>();
    const page = (await conversation('outsider', 'admin', `&before=${foreign.id}`)).json<ChatMessage[]>();
    expect(page.map((m) => m.id)).not.toContain(foreign.id);
  });
});

describe('unread counts', () => {
  it('counts messages to me until I read them', async () => {
    await send('outsider', 'admin', 'Eins');
    await send('outsider', 'admin', 'Zwei');
    await send('admin', 'outsider', 'Antwort');

    const before = (await contactsOf('admin')).find((c) => c.id === ids.outsider);
    expect(before?.unread).toBe(2);
    expect(before?.lastMessage?.messageText).toBe('Antwort');
    // My own message is not unread for me, and the recipient's count is his own.
    expect((await contactsOf('outsider')).find((c) => c.id === ids.admin)?.unread).toBe(1);

    const read = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: headers('admin'),
      payload: { contactId: ids.outsider },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ read: 2 });
    expect((await contactsOf('admin')).find((c) => c.id === ids.outsider)?.unread).toBe(0);
    expect((await contactsOf('outsider')).find((c) => c.id === ids.admin)?.unread).toBe(1);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: headers('admin'),
      payload: { contactId: ids.outsider },
    });
    expect(again.json()).toEqual({ read: 0 });
  });

  it('totals the unread messages for the navigation, over the reachable contacts only', async () => {
    const unreadOf = async (who: Person) =>
      (await t.app.inject({ url: '/api/chat/unread', headers: headers(who) })).json().unread as number;
    const before = await unreadOf('service_man');
    await send('customer', 'service_man', 'Bitte kommen');
    await send('admin', 'service_man', 'Danke');
    // From somebody he may not talk to (written past the API): he could never read it.
    await t.database.handle.db
      .insert(chatMessages)
      .values({ userId: ids.outsider, contactId: ids.service_man, messageText: 'Fremd' });

    const total = await unreadOf('service_man');
    const perContact = (await contactsOf('service_man')).reduce((sum, contact) => sum + contact.unread, 0);
    const guest = await t.app.inject({ url: '/api/chat/unread' });

    expect(total).toBe(before + 2);
    expect(total).toBe(perContact);
    expect(guest.statusCode).toBe(401);
  });

  it('answers 404 for marking read outside the scope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: headers('service_man'),
      payload: { contactId: ids.outsider },
    });
    expect(response.statusCode).toBe(404);
  });

  it('orders contacts by their latest message', async () => {
    await send('companyServiceman', 'dev', 'älter');
    await send('service_man', 'dev', 'neuer');
    const order = (await contactsOf('dev')).filter((c) => !c.starred).map((c) => c.id);
    expect(order.indexOf(ids.service_man)).toBeLessThan(order.indexOf(ids.companyServiceman));
  });
});

describe('starred contacts', () => {
  const star = (who: Person, contact: Person, starred: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/chat/contacts/${ids[contact]}/star`,
      headers: headers(who),
      payload: { starred },
    });

  it('stars and unstars a contact, starred ones first, for that user only', async () => {
    const response = await star('customer', 'liftServiceman', true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ starred: true });
    expect((await star('customer', 'liftServiceman', true)).json()).toEqual({ starred: true });

    const contacts = await contactsOf('customer');
    expect(contacts[0]).toMatchObject({ id: ids.liftServiceman, starred: true });
    expect(contacts.filter((c) => c.starred)).toHaveLength(1);
    expect((await contactsOf('liftServiceman')).find((c) => c.id === ids.customer)?.starred).toBe(false);

    expect((await star('customer', 'liftServiceman', false)).json()).toEqual({ starred: false });
    expect((await contactsOf('customer')).some((c) => c.starred)).toBe(false);
  });

  it('answers 404 outside the scope and 400 for a missing flag', async () => {
    expect((await star('customer', 'outsider', true)).statusCode).toBe(404);
    expect((await star('customer', 'service_man', 'yes')).statusCode).toBe(400);
  });
});

describe('the chat over the socket', () => {
  function open(who: Person): Promise<UserSocket> {
    const socket: UserSocket = connect(baseUrl, {
      path: '/socket.io',
      auth: { token: tokens[who] },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const next = <E extends 'message' | 'typing'>(socket: UserSocket, event: E) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) =>
      socket.once(event, ((value: Parameters<ServerToClientEvents[E]>[0]) => resolve(value)) as never),
    );
  const emitMessage = (socket: UserSocket, to: Person, messageText: unknown) =>
    socket.emitWithAck('message', { contactId: ids[to], messageText } as never) as Promise<ChatSendAnswer>;

  it('stores a message, acknowledges it, and delivers it to the recipient and the sender’s other tab only', async () => {
    const sender = await open('customer');
    const senderOtherTab = await open('customer');
    const recipient = await open('service_man');
    const bystander = await open('customer_admin');
    const atRecipient = next(recipient, 'message');
    const atOtherTab = next(senderOtherTab, 'message');
    const atBystander = next(bystander, 'message');

    const answer = await emitMessage(sender, 'service_man', ' Bitte Aufzug 3 prüfen ');

    expect(answer.ok).toBe(true);
    const message = answer.ok ? answer.message : null;
    expect(message).toMatchObject({
      userId: ids.customer,
      contactId: ids.service_man,
      messageText: 'Bitte Aufzug 3 prüfen',
    });
    expect(await atRecipient).toEqual(message);
    expect(await atOtherTab).toEqual(message);
    // The next message the bystander gets is one to him: the first one never reached him.
    const marker = (await send('admin', 'customer_admin', 'an den Zuschauer')).json<ChatMessage>();
    expect(await atBystander).toEqual(marker);
    const stored = (await conversation('service_man', 'customer')).json<ChatMessage[]>();
    expect(stored.map((m) => m.id)).toContain(message?.id);
  });

  it('delivers a message sent through REST live, to the sender’s tabs too', async () => {
    const recipient = await open('admin');
    const senderTab = await open('outsider');
    const atRecipient = next(recipient, 'message');
    const atSender = next(senderTab, 'message');

    const sent = (await send('outsider', 'admin', 'über REST')).json<ChatMessage>();

    expect(await atRecipient).toEqual(sent);
    expect(await atSender).toEqual(sent);
  });

  it('refuses a message outside the scope and an invalid one in the acknowledgement', async () => {
    const socket = await open('customer_admin');
    expect(await emitMessage(socket, 'service_man', 'Hallo')).toEqual({
      ok: false,
      error: MSG.contactNotFound,
    });
    expect(await emitMessage(socket, 'customer', '   ')).toEqual({ ok: false, error: MSG.messageRequired });
    expect(await emitMessage(socket, 'customer', 42)).toEqual({ ok: false, error: MSG.messageRequired });
    expect(await emitMessage(socket, 'customer', 'x'.repeat(2001))).toEqual({
      ok: false,
      error: MSG.tooLong,
    });
  });

  it('relays typing to the contact, and not across the scope', async () => {
    const customerAdmin = await open('customer_admin');
    const customer = await open('customer');
    const serviceMan = await open('service_man');
    const atServiceMan = next(serviceMan, 'typing');

    // Out of scope: never relayed. The acknowledged message after it proves it was handled first.
    customerAdmin.emit('typing', { contactId: ids.service_man, typing: true });
    await emitMessage(customerAdmin, 'customer', 'nach dem Tippen');
    customer.emit('typing', { contactId: ids.service_man, typing: true });

    expect(await atServiceMan).toEqual({ userId: ids.customer, typing: true });

    const stopped = next(serviceMan, 'typing');
    customer.emit('typing', { contactId: ids.service_man, typing: false });
    expect(await stopped).toEqual({ userId: ids.customer, typing: false });
  });
});
