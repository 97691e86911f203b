import { NativeSelect } from '@chakra-ui/react';
import { forwardRef, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select for FormField: the id and aria attributes FormField hands down go to the
 * `<select>` itself (Chakra's Root is a wrapper div), so the label is tied to it.
 */
export const SelectInput = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[] }
>(function SelectInput({ options, ...props }, ref) {
  return (
    <NativeSelect.Root disabled={props.disabled}>
      <NativeSelect.Field ref={ref} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});
