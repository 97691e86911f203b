import { Box, Flex } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { followAnimationSettings } from '../../data/preferences/animation-settings';
import { InterruptibleMount } from '../../ui/InterruptibleMount';
import { Brand } from './Brand';
import { LanguageMenu } from './LanguageMenu';

/** Frame of the pages for guests: sign-in, registration, password reset. */
export function GuestLayout() {
  return (
    <InterruptibleMount>
      <GuestFrame />
    </InterruptibleMount>
  );
}

function GuestFrame() {
  // Guests have no choice of their own: the device's reduced-motion wish decides (docs/spec-texts.md#constants).
  useEffect(() => followAnimationSettings(), []);
  return (
    <Flex direction="column" minHeight="100dvh" bg="bg.subtle">
      <Flex as="header" align="center" justify="space-between" paddingX={{ base: '3', md: '6' }} paddingY="3">
        <Brand />
        <LanguageMenu />
      </Flex>
      <Box
        as="main"
        flex="1"
        display="flex"
        alignItems={{ base: 'flex-start', md: 'center' }}
        justifyContent="center"
        padding={{ base: '3', md: '6' }}
      >
        <Outlet />
      </Box>
    </Flex>
  );
}
