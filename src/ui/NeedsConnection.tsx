import { Box, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { CloudOff } from 'lucide-react';
import { type ReactNode, useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const isOnline = () => navigator.onLine;

/** Whether the browser says it has a network; follows the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Pages that only work against the server say so offline instead of failing silently. */
export function NeedsConnection({ children }: { children: ReactNode }) {
  const online = useOnline();
  if (online) return children;
  return (
    <Box
      role="status"
      display="flex"
      gap="3"
      alignItems="center"
      borderWidth="1px"
      borderRadius="l3"
      padding="6"
    >
      <CloudOff aria-hidden="true" />
      <Text>
        <Trans>This page needs a connection.</Trans>
      </Text>
    </Box>
  );
}
