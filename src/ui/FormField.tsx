import { Box, chakra, Text } from '@chakra-ui/react';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Already translated; shown under the input and announced with it. */
  error?: string | null;
  /** Marks the field as required: an asterisk beside the label, `aria-required` on the input. */
  required?: boolean;
  /** Already translated; a line under the input saying what to enter, announced with it. */
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A visible label tied to its input, and the input's error. Plain elements instead of Chakra's
 * Field: this sits on the sign-in page, whose first load has a size budget.
 */
export function FormField({ id, label, error, required, hint, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const input = Children.only(children);
  return (
    <Box display="flex" flexDirection="column" gap="1.5">
      <Box display="flex" gap="0.5">
        <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
          {label}
        </chakra.label>
        {/* Beside the label, not in it: the field's name stays the label's text. */}
        {required && (
          <chakra.span fontSize="sm" color="fg.error" aria-hidden="true">
            *
          </chakra.span>
        )}
      </Box>
      {isValidElement(input) &&
        cloneElement(input, {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-required': required || undefined,
          'aria-describedby': describedBy || undefined,
        })}
      {hint && (
        <Text id={hintId} fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errorId} fontSize="xs" color="fg.error">
          {error}
        </Text>
      )}
    </Box>
  );
}
