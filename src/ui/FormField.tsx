import { Box, chakra, Text } from '@chakra-ui/react';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Already translated; shown under the input and announced with it. */
  error?: string | null;
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A visible label tied to its input, and the input's error. Plain elements instead of Chakra's
 * Field: this sits on the sign-in page, whose first load has a size budget.
 */
export function FormField({ id, label, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const input = Children.only(children);
  return (
    <Box display="flex" flexDirection="column" gap="1.5">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      {isValidElement(input) &&
        cloneElement(input, {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
      {error && (
        <Text id={errorId} fontSize="xs" color="fg.error">
          {error}
        </Text>
      )}
    </Box>
  );
}
