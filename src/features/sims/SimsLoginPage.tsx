import { Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { simsApi } from '../../../contract/api/sims';
import { SimAuthRequestSchema } from '../../../contract/schemas/sim';
import type { LoginRequest } from '../../../contract/schemas/user';
import { isApiRequestError } from '../../data/api/api-error';
import { call } from '../../data/api/http';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useSession } from '../../data/session/session';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { PageTitle } from '../../ui/PageTitle';
import { storeSimSession } from './sim-session';

/**
 * `/apps/simcard/sims-login`: the signed-in admin confirms his password to open SIM management for
 * an hour (docs/sims.md); then he goes back to the SIM page he came from.
 */
export function SimsLoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: valibotResolver(SimAuthRequestSchema),
    mode: 'onChange',
    defaultValues: { email: user?.email ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      storeSimSession(await call(simsApi.authenticate, { body: credentials }));
      onSignedIn();
    } catch (error) {
      // Said once: a reason on the field ('Wrong email or password') needs no toast as well.
      const onField = isApiRequestError(error) ? error.body.fieldErrors?.password : undefined;
      if (onField) setError('password', { type: 'server', message: onField });
      else reportSaveError(error, i18n, setError, 'warning');
    }
  });

  const errorText = (field: keyof LoginRequest) => {
    const message = errors[field]?.message;
    return message ? translateServerMessage(i18n, message) : null;
  };

  return (
    <Stack gap="4" maxWidth="md">
      <PageTitle title={t`SIM management`} />
      <Text color="fg.muted">
        <Trans>Confirm your password to manage the SIM cards. The SIM session lasts one hour.</Trans>
      </Text>
      <chakra.form onSubmit={onSubmit} noValidate borderWidth="1px" borderRadius="l2" padding="5">
        <Stack gap="4">
          <FormField id="sims-login-email" label={<Trans>Email</Trans>} error={errorText('email')}>
            <Input {...register('email')} type="email" autoComplete="username" readOnly />
          </FormField>
          <FormField id="sims-login-password" label={<Trans>Password</Trans>} error={errorText('password')}>
            <Input {...register('password')} type="password" autoComplete="current-password" autoFocus />
          </FormField>
          <Button
            type="submit"
            colorPalette="blue"
            disabled={!isValid || isSubmitting}
            loading={isSubmitting}
          >
            <Trans>Login</Trans>
          </Button>
        </Stack>
      </chakra.form>
    </Stack>
  );
}
