import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { type RegisterRequest, RegisterRequestSchema } from '../../../contract/schemas/account';
import { formatPhoneNumber } from '../../../contract/schemas/phone';
import { RegisterEmailSchema } from '../../../contract/schemas/user-input';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { startSession } from '../../data/session/auth';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { Loading } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { AuthCard } from './AuthCard';
import { type Invitation, registerInvitedUser, useInvitation } from './account-api';
import { RefusedLink } from './RefusedLink';

type RegisterFormValues = v.InferInput<typeof RegisterRequestSchema>;

/** `/register/:id/:email`: the invited user completes his account from the mailed link (docs/spec-texts.md#menu-and-screens and #validation-messages). */
export function RegisterPage({
  sealedId,
  sealedEmail,
  onRegistered,
}: {
  sealedId: string;
  sealedEmail: string;
  onRegistered: () => void;
}) {
  const { t } = useLingui();
  const invitation = useInvitation(sealedId, sealedEmail);
  return (
    <AuthCard title={t`Register`} greeting={<Trans>Owner Home Page!</Trans>}>
      <NeedsConnection>
        {invitation.status === 'failed' && <RefusedLink error={invitation.error} />}
        {invitation.status === 'loading' && <Loading />}
        {invitation.status === 'ready' && (
          <RegisterForm
            invitation={invitation.data}
            sealedId={sealedId}
            sealedEmail={sealedEmail}
            onRegistered={onRegistered}
          />
        )}
      </NeedsConnection>
    </AuthCard>
  );
}

function RegisterForm({
  invitation,
  sealedId,
  sealedEmail,
  onRegistered,
}: {
  invitation: Invitation;
  sealedId: string;
  sealedEmail: string;
  onRegistered: () => void;
}) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterRequest>({
    resolver: valibotResolver(RegisterRequestSchema),
    mode: 'onChange',
    // The sealed link parts travel with the form; the server opens them.
    defaultValues: {
      id: sealedId,
      email: sealedEmail,
      displayName: invitation.displayName,
      // What the inviter typed, written for reading; stored normalised again on submit.
      phoneNumber: formatPhoneNumber(invitation.phoneNumber),
      password: '',
      confirmPassword: '',
    },
  });
  const errorText = (message: string | undefined) => (message ? translateServerMessage(i18n, message) : null);
  // The email comes from the link and cannot be typed: an old or damaged link's is shown as invalid
  // at once, and the account cannot be created with it.
  const emailIssue = v.safeParse(RegisterEmailSchema, invitation.email).issues?.[0]?.message;
  const fieldLabels: Record<string, string> = {
    displayName: t`Display name`,
    phoneNumber: t`Phone number`,
    password: t`Password`,
    confirmPassword: t`Confirm password`,
  };
  // The form says what is still missing instead of a button that stays off without a word.
  const values = useWatch({ control });
  const missing = [
    ...new Set(
      (v.safeParse(RegisterRequestSchema, values).issues ?? [])
        .map((issue) => fieldLabels[v.getDotPath(issue) ?? ''])
        .filter((label): label is string => label !== undefined),
    ),
  ];
  const missingList = missing.join(', ');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await registerInvitedUser(values);
      await startSession(response);
      onRegistered();
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5">
        <FormField
          id="register-email"
          label={t`Email`}
          error={errorText(emailIssue ?? errors.email?.message)}
        >
          <Input value={invitation.email} readOnly type="email" autoComplete="username" />
        </FormField>
        <FormField
          id="register-name"
          label={t`Display name`}
          required
          error={errorText(errors.displayName?.message)}
        >
          <Input {...register('displayName')} autoComplete="name" />
        </FormField>
        <FormField
          id="register-phone"
          label={t`Phone number`}
          required
          error={errorText(errors.phoneNumber?.message)}
        >
          <Input
            {...register('phoneNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+49 30 1234567"
          />
        </FormField>
        <FormField
          id="register-password"
          label={t`Password`}
          required
          error={errorText(errors.password?.message)}
        >
          <Input
            {...register('password', { deps: ['confirmPassword'] })}
            type="password"
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          id="register-confirm"
          label={t`Confirm password`}
          required
          error={errorText(errors.confirmPassword?.message)}
        >
          <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
        </FormField>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          disabled={isSubmitting || emailIssue !== undefined}
          loading={isSubmitting}
          aria-describedby={missing.length > 0 ? 'register-missing' : undefined}
        >
          <Trans>Create account</Trans>
        </Button>
        {missing.length > 0 && emailIssue === undefined && (
          <Text
            id="register-missing"
            fontSize="sm"
            color="fg.muted"
            role="status"
            data-testid="register-missing"
          >
            <Trans>Still missing or not valid: {missingList}</Trans>
          </Text>
        )}
        <Text fontSize="sm">
          <Trans>Already have an account?</Trans>{' '}
          <Link asChild colorPalette="blue" color="colorPalette.fg">
            <RouterLink to="/login">
              <Trans>Sign in</Trans>
            </RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
