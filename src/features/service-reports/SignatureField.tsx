import { Box, Button, chakra, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eraser } from 'lucide-react';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

const HEIGHT_PX = 160;

/**
 * The customer signs on the phone (signature_pad: smooth strokes from pointer events). `onChange`
 * gets the drawing as a PNG data URL after every stroke, or null when cleared. The canvas is sized
 * once, to its width on screen and the device's pixel ratio: resizing it later would wipe the drawing.
 */
export function SignatureField({
  id,
  label,
  error,
  onChange,
}: {
  id: string;
  label: string;
  error?: string | null;
  onChange: (png: string | null) => void;
}) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = Math.round((element.offsetWidth || 300) * ratio);
    element.height = Math.round(HEIGHT_PX * ratio);
    element.getContext('2d')?.scale(ratio, ratio);
    // A white ground: the PNG needs no transparency, which keeps it and the PDF small.
    const signature = new SignaturePad(element, { backgroundColor: '#ffffff', penColor: '#111111' });
    signature.clear();
    const changed = () => latest.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', changed);
    pad.current = signature;
    return () => {
      signature.removeEventListener('endStroke', changed);
      signature.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    latest.current(null);
  };
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Box display="flex" flexDirection="column" gap="1.5">
      <HStack justify="space-between">
        <Box display="flex" gap="0.5">
          <chakra.span id={`${id}-label`} fontSize="sm" fontWeight="medium">
            {label}
          </chakra.span>
          <chakra.span fontSize="sm" color="fg.error" aria-hidden="true">
            *
          </chakra.span>
        </Box>
        <Button size="xs" variant="outline" onClick={clear}>
          <Eraser aria-hidden="true" />
          <Trans>Clear signature</Trans>
        </Button>
      </HStack>
      <chakra.canvas
        ref={canvas}
        id={id}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        data-testid="signature-pad"
        width="100%"
        height={`${HEIGHT_PX}px`}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={error ? 'border.error' : 'border.emphasized'}
        borderRadius="l2"
        bg="white"
        touchAction="none"
        cursor="crosshair"
      />
      <Text id={hintId} fontSize="xs" color="fg.muted">
        {t`Sign with a finger or the mouse inside the box.`}
      </Text>
      {error && (
        <Text id={errorId} fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
