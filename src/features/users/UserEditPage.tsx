import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { NOTIFICATION_PREFERENCES } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { ASSIGNABLE_ROLES, type AssignableRole, grantableRoles, type Role } from '../../../contract/roles';
import { formatPhoneNumber } from '../../../contract/schemas/phone';
import type { User } from '../../../contract/schemas/user';
import { type UserCreate, UserCreateSchema } from '../../../contract/schemas/user-input';
import { useDirtyForm } from '../../data/dirty-forms';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useSession } from '../../data/session/session';
import { FormActions } from '../../ui/ActionButtons';
import { ConfirmDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { useWarnOnLoadFailure, warnCallFailed } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { NOTIFICATION_LABELS } from '../../ui/notification-labels';
import { PageTitle } from '../../ui/PageTitle';
import { ROLE_LABELS } from '../../ui/role-labels';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';
import { LiftPicker } from './LiftPicker';
import type { UserScreen } from './user-screens';
import { createUser, deleteUsers, resendInvitation, updateUser, useManagedUser } from './users-api';

/** The form holds '' for an empty text; the schema turns blanks into null. */
type FormValues = v.InferInput<typeof UserCreateSchema>;
type TextField = Exclude<keyof FormValues, 'role' | 'notificationPreference' | 'lifts'>;

/** `/apps/users/user/:id?` and `/apps/servicemen/serviceman/:id?`: invite a user or edit one. */
export function UserEditPage({
  screen,
  id,
  onDone,
}: {
  screen: UserScreen;
  id?: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const user = useManagedUser(id);
  useWarnOnLoadFailure(id && user.status === 'failed' ? user.error : null);
  const title = id ? t`Edit user` : screen.kind === 'servicemen' ? t`New service man` : t`Invite user`;
  return (
    <Stack gap="4">
      <PageTitle title={title} />
      <NeedsConnection>
        {!id && <UserForm screen={screen} onDone={onDone} />}
        {id && user.status === 'failed' && <LoadFailure error={user.error} />}
        {id && user.status === 'loading' && <Loading />}
        {id && user.status === 'ready' && <UserForm screen={screen} user={user.data} onDone={onDone} />}
      </NeedsConnection>
    </Stack>
  );
}

const isAssignable = (role: Role): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly Role[]).includes(role);

function toFormValues(user: User | undefined, defaultRole: AssignableRole): FormValues {
  return {
    email: user?.email ?? '',
    displayName: user?.displayName ?? '',
    role: user && isAssignable(user.role) ? user.role : defaultRole,
    phoneNumber: formatPhoneNumber(user?.phoneNumber),
    contactPerson: user?.contactPerson ?? '',
    companyId: user?.companyId ?? '',
    name: user?.name ?? '',
    address: user?.address ?? '',
    additionalEmail: user?.additionalEmail ?? '',
    invoiceEmail: user?.invoiceEmail ?? '',
    referenceNumber: user?.referenceNumber ?? '',
    notificationPreference: user?.notificationPreference ?? 'email',
    lifts: user?.lifts ?? [],
  };
}

function UserForm({ screen, user, onDone }: { screen: UserScreen; user?: User; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const { claims } = useSession();
  const actorRole = claims?.role ?? null;
  const isSelf = user?.id === claims?.sub;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [currentStatus, setCurrentStatus] = useState(user?.status);

  const roleChoices: AssignableRole[] =
    screen.fixedRole && isAssignable(screen.fixedRole) ? [screen.fixedRole] : grantableRoles(actorRole);
  // A user whose role the actor may not grant keeps it on display (the select is then disabled).
  const roleOptions = (
    user && !roleChoices.includes(user.role as never) ? [user.role, ...roleChoices] : roleChoices
  ).map((role) => ({ value: role, label: i18n._(ROLE_LABELS[role]) }));

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, UserCreate>({
    // The form always holds every field, so the create schema checks edits too.
    resolver: valibotResolver(UserCreateSchema),
    defaultValues: toFormValues(
      user,
      roleChoices.includes('customer') ? 'customer' : (roleChoices.at(-1) ?? 'service_man'),
    ),
  });
  const releaseForm = useDirtyForm(isDirty);
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (user) {
        // Nobody changes his own role here; the server refuses it too.
        const { role, ...rest } = values;
        await updateUser(user.id, isSelf ? rest : values);
        showToast('success', translateServerMessage(i18n, MSG.userUpdated));
      } else {
        await createUser(values);
        showToast('success', translateServerMessage(i18n, MSG.invitationSent));
      }
      releaseForm();
      onDone();
    } catch (error) {
      warnCallFailed(error, i18n, setError);
    }
  });

  async function remove() {
    if (!user) return;
    setDeleting(true);
    try {
      await deleteUsers([user.id]);
      showToast('success', translateServerMessage(i18n, MSG.deleted));
      releaseForm();
      onDone();
    } catch (error) {
      warnCallFailed(error, i18n);
      setDeleting(false);
    }
  }

  async function setStatus(status: 'active' | 'disabled') {
    if (!user) return;
    try {
      const saved = await updateUser(user.id, { status });
      setCurrentStatus(saved.status);
      showToast('success', translateServerMessage(i18n, MSG.userUpdated));
    } catch (error) {
      warnCallFailed(error, i18n);
    }
  }

  async function resend() {
    if (!user) return;
    try {
      await resendInvitation(user.id);
      showToast('success', translateServerMessage(i18n, MSG.invitationSent));
    } catch (error) {
      warnCallFailed(error, i18n);
    }
  }

  const text = (name: TextField, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`user-${name}`} label={label} error={message(errors[name]?.message)}>
      <Input {...register(name)} {...props} />
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        {user && !isSelf && currentStatus !== 'invited' && (
          <HStack borderWidth="1px" borderRadius="l2" padding="3" justify="space-between" wrap="wrap" gap="2">
            <Text>
              {currentStatus === 'disabled' ? (
                <Trans>This account is disabled: the user cannot sign in.</Trans>
              ) : (
                <Trans>This account is active.</Trans>
              )}
            </Text>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void setStatus(currentStatus === 'disabled' ? 'active' : 'disabled')}
            >
              {currentStatus === 'disabled' ? <Trans>Enable account</Trans> : <Trans>Disable account</Trans>}
            </Button>
          </HStack>
        )}
        {user?.status === 'invited' && (
          <HStack borderWidth="1px" borderRadius="l2" padding="3" justify="space-between" wrap="wrap" gap="2">
            <Text>
              <Trans>This user has not accepted the invitation yet.</Trans>
            </Text>
            <Button variant="outline" size="sm" onClick={() => void resend()}>
              <Mail aria-hidden="true" />
              <Trans>Send the invitation again</Trans>
            </Button>
          </HStack>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('email', t`Email`, { type: 'email', autoComplete: 'off' })}
          {text('displayName', t`Display name`, { autoComplete: 'off' })}
          <FormField id="user-role" label={t`Role`} error={message(errors.role?.message)}>
            <SelectInput
              {...register('role')}
              options={roleOptions}
              disabled={isSelf || roleOptions.length < 2}
            />
          </FormField>
          {text('phoneNumber', t`Phone number`, { type: 'tel', inputMode: 'tel' })}
          {text('contactPerson', t`Contact person`)}
          {text('companyId', t`Company ID`)}
          {text('name', t`Company name`)}
          {text('address', t`Address`, { autoComplete: 'off' })}
          {text('additionalEmail', t`Additional email`, { type: 'email' })}
          {text('invoiceEmail', t`Invoice email`, { type: 'email' })}
          {text('referenceNumber', t`Reference number`)}
          <FormField
            id="user-notification"
            label={t`Notification preference`}
            error={message(errors.notificationPreference?.message)}
          >
            <SelectInput
              {...register('notificationPreference')}
              options={NOTIFICATION_PREFERENCES.map((value) => ({
                value,
                label: i18n._(NOTIFICATION_LABELS[value]),
              }))}
            />
          </FormField>
        </SimpleGrid>
        <Controller
          control={control}
          name="lifts"
          render={({ field }) => (
            <LiftPicker
              userId={user?.id}
              value={field.value ?? []}
              onChange={field.onChange}
              error={message(errors.lifts?.message)}
            />
          )}
        />
        <HStack justify="space-between" wrap="wrap" gap="2">
          {user && !isSelf ? (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" />
              <Trans>Delete user</Trans>
            </Button>
          ) : (
            <span />
          )}
          <FormActions onCancel={onDone} saving={isSubmitting} />
        </HStack>
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete user`}
        message={t`Delete ${user?.email ?? ''}? This cannot be undone.`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      />
    </form>
  );
}
