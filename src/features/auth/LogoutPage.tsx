import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { signOut } from '../../data/session/session-services';

/** `/logout`: says so, ends the session, and the app goes to `/`. */
export function LogoutPage() {
  useEffect(() => {
    // The server ends the session first, so the token is dead even if a copy of it lingers.
    void import('../../data/session/auth')
      .then(({ endServerSession }) => endServerSession())
      .finally(() => signOut({ redirectTo: '/' }));
  }, []);
  return (
    <Box as="main" minHeight="100dvh" display="grid" placeItems="center">
      <HStack role="status" gap="3">
        <Spinner size="sm" />
        <Text>
          <Trans>Logging out..</Trans>
        </Text>
      </HStack>
    </Box>
  );
}
