import { Box, Button, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { type LoginRequest, LoginRequestSchema } from '../../../contract/schemas/user';
import { isApiRequestError } from '../../data/api-error';
import { translateServerMessage } from '../../data/server-messages';
import { FormField } from '../../ui/FormField';
import { showToast } from '../../ui/toaster';

const LOGIN_FIELDS = ['email', 'password'] as const;

/** Sign-in (docs/spec-texts.md#menu-and-screens and #validation-messages): both fields at least 4 characters; server errors on the fields. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: valibotResolver(LoginRequestSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      // The HTTP client and session start-up load on submit, not with the page (size budget).
      const { signIn } = await import('../../data/auth');
      await signIn(credentials);
      onSignedIn();
    } catch (error) {
      if (!isApiRequestError(error)) {
        console.error('Sign-in failed', error);
        showToast('error', t`The server cannot be reached. Please check your connection.`);
        return;
      }
      let onField = false;
      for (const field of LOGIN_FIELDS) {
        const message = error.body.fieldErrors?.[field];
        if (message) setError(field, { type: 'server', message });
        if (message) onField = true;
      }
      // Said once: a reason on a field ('Wrong email or password') needs no toast as well.
      if (onField && !error.isUnreachable) return;
      const message = error.isUnreachable
        ? t`The server cannot be reached. Please check your connection.`
        : translateServerMessage(i18n, error.body.message);
      showToast('warning', message);
    }
  });

  const errorText = (field: (typeof LOGIN_FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? translateServerMessage(i18n, message) : null;
  };

  return (
    <Flex
      direction={{ base: 'column', md: 'row-reverse' }}
      width="100%"
      maxWidth="4xl"
      borderRadius="l3"
      overflow="hidden"
      boxShadow="lg"
      bg="bg"
    >
      <Stack
        flex="1"
        justify="center"
        gap="3"
        padding={{ base: '6', md: '10' }}
        bg="blue.900"
        color="white"
        aria-labelledby="welcome-title"
      >
        <Heading id="welcome-title" as="h2" size={{ base: 'xl', md: '3xl' }}>
          <Trans>Customer Home Page!</Trans>
        </Heading>
        <Text color="whiteAlpha.800">
          <Trans>Your lifts, their trips and errors, your service men and projects: in one place.</Trans>
        </Text>
      </Stack>

      <Box flex="1" padding={{ base: '6', md: '10' }}>
        <Heading as="h1" size="2xl" marginBottom="6">
          <Trans>Sign in</Trans>
        </Heading>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="5">
            <FormField id="login-email" label={<Trans>Email</Trans>} error={errorText('email')}>
              <Input {...register('email')} type="email" autoComplete="username" inputMode="email" />
            </FormField>
            <FormField id="login-password" label={<Trans>Password</Trans>} error={errorText('password')}>
              <Input {...register('password')} type="password" autoComplete="current-password" />
            </FormField>

            <Link asChild alignSelf="flex-end" fontSize="sm" colorPalette="blue" color="colorPalette.fg">
              <RouterLink to="/forgot-password">
                <Trans>Forgot password?</Trans>
              </RouterLink>
            </Link>

            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              disabled={!isValid || isSubmitting}
              loading={isSubmitting}
            >
              <Trans>Login</Trans>
            </Button>
          </Stack>
        </form>
      </Box>
    </Flex>
  );
}
