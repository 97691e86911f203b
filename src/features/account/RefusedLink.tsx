import { Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ApiRequestError } from '../../data/api/api-error';
import { translateServerMessage } from '../../data/i18n/server-messages';

/** A mailed link the server refused (invalid, expired, used): why, and where to go next. */
export function RefusedLink({ error }: { error: ApiRequestError }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="4">
      <Text role="alert" color="fg.error" fontWeight="medium">
        {error.isUnreachable
          ? t`The server cannot be reached. Please check your connection.`
          : translateServerMessage(i18n, error.body.message)}
      </Text>
      <Text>
        <Trans>Ask for a new link, or sign in if you already have a password.</Trans>
      </Text>
      <Stack direction="row" gap="4" wrap="wrap">
        <Link asChild colorPalette="blue" color="colorPalette.fg">
          <RouterLink to="/login">
            <Trans>Go to sign in</Trans>
          </RouterLink>
        </Link>
        <Link asChild colorPalette="blue" color="colorPalette.fg">
          <RouterLink to="/forgot-password">
            <Trans>Forgot password?</Trans>
          </RouterLink>
        </Link>
      </Stack>
    </Stack>
  );
}
