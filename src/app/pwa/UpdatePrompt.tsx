import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { BottomNotice } from '../../ui/BottomNotices';
import { applyUpdate, dismissUpdate, useUpdateDeferred } from './service-worker';

/** "A new version is available": the user decides when to reload. */
export function UpdatePrompt() {
  const deferred = useUpdateDeferred();
  return (
    <BottomNotice>
      <Box role="status" bg="gray.900" color="white" borderRadius="l2" boxShadow="lg" padding="3">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text>
            {deferred ? (
              <Trans>The new version loads as soon as you save or close the open form.</Trans>
            ) : (
              <Trans>A new version is available</Trans>
            )}
          </Text>
          <HStack gap="2">
            <Button
              size="sm"
              variant="ghost"
              color="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              onClick={dismissUpdate}
            >
              <Trans>Later</Trans>
            </Button>
            <Button size="sm" colorPalette="yellow" onClick={applyUpdate} disabled={deferred}>
              <Trans>Reload</Trans>
            </Button>
          </HStack>
        </HStack>
      </Box>
    </BottomNotice>
  );
}
