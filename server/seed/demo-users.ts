import { DEMO_PASSWORD } from '../../contract/constants';
import type { Role } from '../../contract/roles';
import type { Database } from '../db/client';
import type { NewUserRow, UserRow } from '../db/schema/users';
import { hashPassword } from '../modules/users/password';
import { createUsersRepository } from '../modules/users/users.repository';

/** The customer admin and the customer belong to one company (docs/access.md data scope). */
export const DEMO_COMPANY_ID = 'AB-10117';

export type DemoUsers = Record<Role, UserRow>;

type DemoUser = Omit<NewUserRow, 'passwordHash' | 'createdBy'>;

const company = {
  companyId: DEMO_COMPANY_ID,
  name: 'Aufzugsbetrieb Berlin GmbH',
  address: 'Friedrichstraße 120, 10117 Berlin',
  invoiceEmail: 'rechnung@aufzugsbetrieb-berlin.example',
  referenceNumber: 'K-2024-0117',
};

const DEMO_USERS: Record<Exclude<Role, 'service_man'>, DemoUser> = {
  dev: { email: 'dev@demo.local', role: 'dev', displayName: 'Dana Dev', phoneNumber: '4930120001' },
  admin: {
    email: 'admin@demo.local',
    role: 'admin',
    displayName: 'Anton Admin',
    phoneNumber: '4930120002',
    address: 'Alexanderplatz 1, 10178 Berlin',
  },
  customer_admin: {
    email: 'customeradmin@demo.local',
    role: 'customer_admin',
    displayName: 'Claudia Kunz',
    phoneNumber: '4930120003',
    contactPerson: 'Claudia Kunz',
    ...company,
  },
  customer: {
    email: 'customer@demo.local',
    role: 'customer',
    displayName: 'Klaus Becker',
    phoneNumber: '4930120004',
    contactPerson: 'Klaus Becker',
    notificationPreference: 'email/sms',
    ...company,
  },
};

const DEMO_SERVICE_MAN: DemoUser = {
  email: 'service@demo.local',
  role: 'service_man',
  displayName: 'Stefan Wagner',
  phoneNumber: '4915112345678',
  address: 'Hauptstraße 5, 14482 Potsdam',
  notificationPreference: 'sms',
};

/** One account per role, all with the password `demo1234` (docs/architecture.md#seed-and-demo-mode). */
export async function seedDemoUsers(db: Database): Promise<DemoUsers> {
  const users = createUsersRepository(db);
  // One hash for all five: they share the demo password anyway, and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const settings = { language: 'de' as const };
  const insert = (user: DemoUser, createdBy: string | null) =>
    users.insert({ ...user, passwordHash, createdBy, settings, status: 'active' });

  const dev = await insert(DEMO_USERS.dev, null);
  const admin = await insert(DEMO_USERS.admin, dev.id);
  const customerAdmin = await insert(DEMO_USERS.customer_admin, admin.id);
  const customer = await insert(DEMO_USERS.customer, customerAdmin.id);
  // The customer created its own service man: that is what scopes "the service men it created".
  const serviceMan = await insert(DEMO_SERVICE_MAN, customer.id);
  return { dev, admin, customer_admin: customerAdmin, customer, service_man: serviceMan };
}
