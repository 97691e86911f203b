import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The sign-in page's card (welcome panel beside the form), for the other guest pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
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
        display={{ base: 'none', md: 'flex' }}
      >
        <Text as="p" fontSize={{ base: 'xl', md: '3xl' }} fontWeight="semibold">
          <Trans>Customer Home Page!</Trans>
        </Text>
        <Text color="whiteAlpha.800">
          <Trans>Your lifts, their trips and errors, your service men and projects: in one place.</Trans>
        </Text>
      </Stack>
      <Box flex="1" padding={{ base: '6', md: '10' }}>
        <Heading as="h1" size="2xl" marginBottom="6">
          {title}
        </Heading>
        {children}
      </Box>
    </Flex>
  );
}
