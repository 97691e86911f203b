import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One labelled value of a card's description list. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="0.5" minWidth="0">
      <Text as="dt" fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
      <Box as="dd" margin="0" overflowWrap="anywhere">
        {children}
      </Box>
    </Stack>
  );
}

/** A titled, framed section of the SIM card page. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" borderWidth="1px" borderRadius="l2" padding={{ base: '3', md: '5' }}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
