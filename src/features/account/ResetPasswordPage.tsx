import { Button, Input, Stack } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { accountsApi } from '../../../contract/api/accounts';
import { type ResetPasswordRequest, ResetPasswordRequestSchema } from '../../../contract/schemas/account';
import { useApiQuery } from '../../data/api/use-api';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { Loading } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { showToast } from '../../ui/toaster';
import { AuthCard } from './AuthCard';
import { resetPassword } from './account-api';
import { RefusedLink } from './RefusedLink';

/** `/reset-password/:token`: a new password from a sealed, single-use link. */
export function ResetPasswordPage({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useLingui();
  const link = useApiQuery(accountsApi.resetToken, { query: { token } });
  return (
    <AuthCard title={t`Reset password`}>
      <NeedsConnection>
        {link.status === 'failed' && <RefusedLink error={link.error} />}
        {link.status === 'loading' && <Loading />}
        {link.status === 'ready' && <ResetForm email={link.data.email} token={token} onDone={onDone} />}
      </NeedsConnection>
    </AuthCard>
  );
}

function ResetForm({ email, token, onDone }: { email: string; token: string; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ResetPasswordRequest>({
    resolver: valibotResolver(ResetPasswordRequestSchema),
    mode: 'onChange',
    // `email` carries the sealed token of the link (the spec's field name).
    defaultValues: { email: token, password: '', confirmPassword: '' },
  });
  const errorText = (message: string | undefined) => (message ? translateServerMessage(i18n, message) : null);

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    try {
      const { message } = await resetPassword(token, password, confirmPassword);
      showToast('success', translateServerMessage(i18n, message));
      onDone();
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5">
        <FormField id="reset-email" label={t`Email`} error={errorText(errors.email?.message)}>
          <Input value={email} readOnly type="email" autoComplete="username" />
        </FormField>
        <FormField id="reset-password" label={t`New password`} error={errorText(errors.password?.message)}>
          <Input
            {...register('password', { deps: ['confirmPassword'] })}
            type="password"
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          id="reset-confirm"
          label={t`Confirm password`}
          error={errorText(errors.confirmPassword?.message)}
        >
          <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
        </FormField>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          disabled={!isValid || isSubmitting}
          loading={isSubmitting}
        >
          <Trans>Save new password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
