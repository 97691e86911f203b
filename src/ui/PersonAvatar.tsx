import { Avatar, Box } from '@chakra-ui/react';

/** A person's picture (or initials) with a dot for online or offline; decoration, the name is said elsewhere. */
export function PersonAvatar({
  name,
  avatarUrl,
  online,
  size,
}: {
  name: string;
  avatarUrl: string | null;
  online: boolean;
  size: 'sm' | 'md';
}) {
  return (
    <Box position="relative" flexShrink="0">
      <Avatar.Root size={size} colorPalette="blue" aria-hidden="true">
        <Avatar.Fallback name={name} />
        {avatarUrl && <Avatar.Image src={avatarUrl} alt="" />}
      </Avatar.Root>
      <Box
        position="absolute"
        right="0"
        bottom="0"
        boxSize={size === 'sm' ? '2.5' : '3'}
        borderRadius="full"
        borderWidth="2px"
        borderColor="bg"
        bg={online ? 'green.500' : 'gray.400'}
        aria-hidden="true"
      />
    </Box>
  );
}
