import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { ForgotPasswordRequestSchema } from '../../../contract/schemas/account';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { AuthCard } from './AuthCard';
import { requestPasswordReset } from './account-api';

type ForgotForm = v.InferInput<typeof ForgotPasswordRequestSchema>;
type ForgotRequest = v.InferOutput<typeof ForgotPasswordRequestSchema>;

/** `/forgot-password`: asks for a reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage({ onRequested }: { onRequested: (email: string) => void }) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ForgotForm, unknown, ForgotRequest>({
    resolver: valibotResolver(ForgotPasswordRequestSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  const emailError = errors.email?.message;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      onRequested(email);
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });

  return (
    <AuthCard title={t`Forgot password`}>
      <NeedsConnection>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="5">
            <Text>
              <Trans>
                Enter the email address of your account. We will send you a link to choose a new password.
              </Trans>
            </Text>
            <FormField
              id="forgot-email"
              label={t`Email`}
              error={emailError ? translateServerMessage(i18n, emailError) : null}
            >
              <Input {...register('email')} type="email" autoComplete="username" inputMode="email" />
            </FormField>
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              disabled={!isValid || isSubmitting}
              loading={isSubmitting}
            >
              <Trans>Send reset link</Trans>
            </Button>
            <Link asChild colorPalette="blue" color="colorPalette.fg" fontSize="sm">
              <RouterLink to="/login">
                <Trans>Back to sign in</Trans>
              </RouterLink>
            </Link>
          </Stack>
        </form>
      </NeedsConnection>
    </AuthCard>
  );
}
