import { Box, Heading, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Construction } from 'lucide-react';
import { PageTitle } from './PageTitle';

/** The honest state of a page whose feature comes in a later release: no invented data. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <Box>
      <PageTitle title={title} />
      <VStack
        role="status"
        borderWidth="1px"
        borderStyle="dashed"
        borderRadius="l3"
        padding={{ base: '6', md: '10' }}
        gap="3"
        textAlign="center"
        color="fg.muted"
      >
        <Construction size={40} aria-hidden="true" />
        <Heading as="h2" size="md" color="fg">
          <Trans>Not available yet</Trans>
        </Heading>
        <Text maxWidth="md">
          <Trans>This part of the portal comes with a later release.</Trans>
        </Text>
      </VStack>
    </Box>
  );
}
