import { HStack, Spinner, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiRequestError } from '../data/api/api-error';
import { translateServerMessage } from '../data/i18n/server-messages';

/** The reason a load failed, translated. */
export function LoadFailure({ error }: { error: ApiRequestError | null | undefined }) {
  const { t, i18n } = useLingui();
  if (!error) return null;
  return (
    <Text role="alert" color="fg.error">
      {error.isUnreachable
        ? t`The server cannot be reached. Please check your connection.`
        : translateServerMessage(i18n, error.body.message)}
    </Text>
  );
}

export function Loading() {
  return (
    <HStack justify="center" padding="6" role="status">
      <Spinner size="sm" />
      <Text>
        <Trans>Loading…</Trans>
      </Text>
    </HStack>
  );
}
