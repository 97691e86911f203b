import { createRecipeContext, type InputProps } from '@chakra-ui/react';

/**
 * Chakra's Input (same `input` recipe, sizes and variants) as a plain `<input>`. Chakra's own is
 * Ark's `Field.Input`, whose import brings the whole Field namespace (textarea autoresize, select,
 * labels), ~3 KB gzip on the sign-in page's first load (docs/performance.md). Without a Field
 * around it, that one only passes its props on; here `FormField` ties the label and the error.
 */
export const PlainInput = createRecipeContext({ key: 'input' }).withContext<HTMLInputElement, InputProps>(
  'input',
);
