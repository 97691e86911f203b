import { Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LayoutElement } from '../../../contract/schemas/tableau';
import { FormField } from '../../ui/FormField';

/** The selected element's place and size, and an engraving's text and letter height. */
export function SelectedElementPanel({
  selected,
  onChange,
}: {
  selected: LayoutElement;
  onChange: (id: string, change: Partial<LayoutElement>) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack
      gap="2"
      as="section"
      aria-label={t`Selected element`}
      borderWidth="1px"
      borderRadius="md"
      padding="3"
    >
      <Text fontWeight="semibold" fontSize="sm">
        <Trans>Selected element</Trans>
      </Text>
      <Text fontSize="xs" color="fg.muted" data-testid="selected-geometry">
        x {selected.x} · y {selected.y} · {selected.width} × {selected.height} mm · {selected.rotation}°
      </Text>
      {selected.kind === 'text' && (
        <>
          <FormField id="element-text" label={t`Engraving text`}>
            <Input
              key={`${selected.id}-text`}
              defaultValue={selected.text}
              maxLength={200}
              onBlur={(event) => onChange(selected.id, { text: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onChange(selected.id, { text: event.currentTarget.value });
              }}
            />
          </FormField>
          <FormField id="element-font" label={t`Letter height (mm)`}>
            <Input
              key={`${selected.id}-font`}
              type="number"
              min={1}
              max={200}
              defaultValue={selected.fontSizeMm}
              onBlur={(event) => {
                const value = Number(event.target.value);
                if (value >= 1 && value <= 200) onChange(selected.id, { fontSizeMm: value });
              }}
            />
          </FormField>
        </>
      )}
    </Stack>
  );
}
