import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { LoginRequest } from '../../../contract/schemas/user';
import { isApiRequestError } from '../../data/api/api-error';
import { FormField } from '../../ui/FormField';
import { PlainInput } from '../../ui/PlainInput';
import { showToast } from '../../ui/toaster';

const LOGIN_FIELDS = ['email', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

type LoginRules = typeof import('./login-rules');
const loadRules = () => import('./login-rules');

/**
 * Sign-in (docs/spec-texts.md#menu-and-screens and #validation-messages): both fields at least 4
 * characters, checked as the user types a field; server errors on the fields until it changes.
 * Two fields need no form library: react-hook-form stays off the first load (size budget).
 * The rules (valibot and the contract's schema) and the server texts load when a field is first
 * focused or filled, not with the page (docs/performance.md); until then Login stays disabled,
 * as it is for empty fields anyway.
 */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [loginRules, setLoginRules] = useState<LoginRules | null>(null);
  const rules = loginRules ? loginRules.ruleErrors(values) : {};
  const isValid = loginRules !== null && Object.keys(rules).length === 0;

  const wantRules = () => {
    if (loginRules) return;
    loadRules().then(setLoginRules, (error: unknown) => console.error('Sign-in rules failed to load', error));
  };

  const fieldProps = (field: LoginField) => ({
    name: field,
    value: values[field],
    onFocus: wantRules,
    onChange: (event: { target: { value: string } }) => {
      wantRules();
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => ({ ...current, [field]: true }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!loginRules || !isValid || isSubmitting) return;
    setSubmitting(true);
    const { toCredentials, translateServerMessage } = loginRules;
    const credentials = toCredentials(values);
    try {
      // The HTTP client and session start-up load on submit, not with the page (size budget).
      const { signIn } = await import('../../data/session/auth');
      await signIn(credentials);
      onSignedIn();
    } catch (error) {
      if (!isApiRequestError(error)) {
        console.error('Sign-in failed', error);
        showToast('error', t`The server cannot be reached. Please check your connection.`);
        return;
      }
      let onField = false;
      const fromServer: Partial<Record<LoginField, string>> = {};
      for (const field of LOGIN_FIELDS) {
        const message = error.body.fieldErrors?.[field];
        if (message) fromServer[field] = message;
        if (message) onField = true;
      }
      setServerErrors(fromServer);
      // Said once: a reason on a field ('Wrong email or password') needs no toast as well.
      if (onField && !error.isUnreachable) return;
      const message = error.isUnreachable
        ? t`The server cannot be reached. Please check your connection.`
        : translateServerMessage(i18n, error.body.message);
      showToast('warning', message);
    } finally {
      setSubmitting(false);
    }
  }

  const errorText = (field: LoginField) => {
    const message = serverErrors[field] ?? (touched[field] ? rules[field] : undefined);
    return message && loginRules ? loginRules.translateServerMessage(i18n, message) : null;
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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="5">
            <FormField id="login-email" label={<Trans>Email</Trans>} error={errorText('email')}>
              <PlainInput {...fieldProps('email')} type="email" autoComplete="username" inputMode="email" />
            </FormField>
            <FormField id="login-password" label={<Trans>Password</Trans>} error={errorText('password')}>
              <PlainInput {...fieldProps('password')} type="password" autoComplete="current-password" />
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
