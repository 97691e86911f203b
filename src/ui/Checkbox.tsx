import { chakra } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/** A native checkbox (no Chakra recipe needed); name it with `aria-label` or a wrapping label. */
export function Checkbox(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <chakra.input
      type="checkbox"
      width="4"
      height="4"
      cursor="pointer"
      accentColor="colorPalette.solid"
      {...props}
    />
  );
}
