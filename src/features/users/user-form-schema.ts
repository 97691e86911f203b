// TEMPORARY: replaced by the UserCreate schema of contract/schemas/user.ts (accounts-server branch).
import * as v from 'valibot';
import { NOTIFICATION_PREFERENCES } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { ROLES } from '../../../contract/roles';

const optionalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, MSG.tooLong));
const optionalEmail = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) => value === '' || v.is(v.pipe(v.string(), v.email()), value),
    'Email must be a valid email address',
  ),
);

export const UserFormSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Email is required'),
    v.email('Email must be a valid email address'),
  ),
  displayName: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Name is required'),
    v.maxLength(100, MSG.tooLong),
  ),
  role: v.picklist(ROLES, 'Role is required'),
  phoneNumber: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d*$/, 'Please enter only number'),
    v.maxLength(30, MSG.tooLong),
  ),
  contactPerson: optionalText(100),
  companyId: optionalText(100),
  name: optionalText(200),
  address: optionalText(300),
  additionalEmail: optionalEmail,
  invoiceEmail: optionalEmail,
  referenceNumber: optionalText(100),
  notificationPreference: v.picklist(NOTIFICATION_PREFERENCES),
  lifts: v.array(v.string()),
});
