import { Badge, Text } from '@chakra-ui/react';

/**
 * A count beside a navigation entry, red like a phone's: for the eye only, while `spoken` ("3 open")
 * is read after the entry's name. Folded menus pin it to the icon's corner.
 */
export function CountBadge({ count, spoken, folded }: { count: number; spoken: string; folded: boolean }) {
  return (
    <>
      <Badge
        colorPalette="red"
        variant="solid"
        size="sm"
        borderRadius="full"
        marginInlineStart={folded ? undefined : 'auto'}
        position={folded ? 'absolute' : undefined}
        top={folded ? '0.5' : undefined}
        insetEnd={folded ? '0.5' : undefined}
        aria-hidden="true"
      >
        {count > 99 ? '99+' : count}
      </Badge>
      <Text as="span" srOnly>
        , {spoken}
      </Text>
    </>
  );
}
