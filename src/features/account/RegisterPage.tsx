import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { type RegisterRequest, RegisterRequestSchema } from '../../../contract/schemas/account';
import { RegisterEmailSchema } from '../../../contract/schemas/user';
import { startSession } from '../../data/auth';
import { translateServerMessage } from '../../data/server-messages';
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
    formState: { errors, isValid, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterRequest>({
    resolver: valibotResolver(RegisterRequestSchema),
    mode: 'onChange',
    // The sealed link parts travel with the form; the server opens them.
    defaultValues: {
      id: sealedId,
      email: sealedEmail,
      displayName: invitation.displayName,
      phoneNumber: '',
      password: '',
      confirmPassword: '',
    },
  });
  const errorText = (message: string | undefined) => (message ? translateServerMessage(i18n, message) : null);
  // The email comes from the link and cannot be typed: an old or damaged link's is shown as invalid
  // at once, and the account cannot be created with it.
  const emailIssue = v.safeParse(RegisterEmailSchema, invitation.email).issues?.[0]?.message;

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
        <FormField id="register-name" label={t`Display name`} error={errorText(errors.displayName?.message)}>
          <Input {...register('displayName')} autoComplete="name" />
        </FormField>
        <FormField id="register-phone" label={t`Phone number`} error={errorText(errors.phoneNumber?.message)}>
          <Input {...register('phoneNumber')} type="tel" inputMode="numeric" autoComplete="tel" />
        </FormField>
        <FormField id="register-password" label={t`Password`} error={errorText(errors.password?.message)}>
          <Input
            {...register('password', { deps: ['confirmPassword'] })}
            type="password"
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          id="register-confirm"
          label={t`Confirm password`}
          error={errorText(errors.confirmPassword?.message)}
        >
          <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
        </FormField>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          disabled={!isValid || isSubmitting || emailIssue !== undefined}
          loading={isSubmitting}
        >
          <Trans>Create account</Trans>
        </Button>
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
