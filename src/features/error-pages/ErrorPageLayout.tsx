import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';

/** A full page for an HTTP-like error: the code as the h1, a sentence, and a way home. */
export function ErrorPageLayout({ code, message }: { code: string; message: ReactNode }) {
  useEffect(() => {
    document.title = `${code} · Lift-Portal`;
  }, [code]);
  return (
    <Box as="main" minHeight="100dvh" display="grid" placeItems="center" padding="6">
      <VStack gap="4" textAlign="center" maxWidth="lg">
        <Heading as="h1" fontSize={{ base: '6xl', md: '8xl' }} lineHeight="1" color="fg.muted">
          {code}
        </Heading>
        <Text fontSize="xl">{message}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/">
            <Trans>Back to the dashboard</Trans>
          </Link>
        </Button>
      </VStack>
    </Box>
  );
}
