import { HStack, Image, Text } from '@chakra-ui/react';

interface BrandProps {
  showName?: boolean;
  /** Leaves the name out on narrow screens, where the toolbar has no room for it. */
  hideNameBelow?: 'sm' | 'md' | 'lg';
}

/** Logo and product name ("Lift-Portal" is a name, not translated). */
export function Brand({ showName = true, hideNameBelow }: BrandProps) {
  return (
    <HStack gap="2" minWidth="0">
      <Image src="/icons/icon-192.png" alt="" width="8" height="8" flexShrink="0" />
      {showName && (
        <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap" hideBelow={hideNameBelow}>
          Lift-Portal
        </Text>
      )}
    </HStack>
  );
}
