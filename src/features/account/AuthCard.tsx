import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * The sign-in page's card (welcome panel beside the form), for the other guest pages. With a
 * `greeting` (the register page's "Owner Home Page!") the panel greets on phones too, as the sign-in
 * page's does; without one it shows "Customer Home Page!" beside the form from tablets up.
 */
export function AuthCard({
  title,
  greeting,
  children,
}: {
  title: string;
  greeting?: ReactNode;
  children: ReactNode;
}) {
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
        display={greeting ? 'flex' : { base: 'none', md: 'flex' }}
      >
        <Text as="p" fontSize={{ base: 'xl', md: '3xl' }} fontWeight="semibold">
          {greeting ?? <Trans>Customer Home Page!</Trans>}
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
