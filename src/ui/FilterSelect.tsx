import { Box, chakra, NativeSelect } from '@chakra-ui/react';

export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Value and visible text of each choice, in order. */
  options: readonly (readonly [string, string])[];
}

/** A small select with its label above it, for the filters over a list (alarms, events). */
export function FilterSelect({ id, label, value, onChange, options }: FilterSelectProps) {
  return (
    <Box display="flex" flexDirection="column" gap="1.5">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
