import { Box, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useOnline } from '../data/mirror/sync-status';

/**
 * Above a page (or part of one) that works only with the server: says so while the device is
 * offline. The content stays, so what was loaded or cached can still be read.
 */
export function NeedsConnection({ children }: { children?: ReactNode }) {
  const online = useOnline();
  return (
    <>
      {!online && (
        <Box
          role="status"
          borderWidth="1px"
          borderColor="border.warning"
          bg="bg.warning"
          borderRadius="l2"
          padding="3"
          marginBottom="4"
        >
          <Text>
            <Trans>You are offline. This needs a connection to the server.</Trans>
          </Text>
        </Box>
      )}
      {children}
    </>
  );
}
