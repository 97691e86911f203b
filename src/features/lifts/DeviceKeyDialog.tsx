import { Button, Code, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { AppDialog } from '../../ui/AppDialog';

/** Shows a controller's key once, with a copy button. */
export function DeviceKeyDialog({ deviceKey, onClose }: { deviceKey: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <AppDialog
      open={deviceKey !== null}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      title={t`Device key`}
      footer={
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      <Stack gap="3">
        <Text role="alert" color="fg.warning" fontWeight="medium">
          <Trans>Copy this key now and store it in the controller. It will not be shown again.</Trans>
        </Text>
        <Code data-testid="device-key" padding="2" wordBreak="break-all" whiteSpace="pre-wrap">
          {deviceKey}
        </Code>
        <Button
          variant="outline"
          alignSelf="flex-start"
          onClick={() => {
            if (deviceKey) void navigator.clipboard?.writeText(deviceKey).then(() => setCopied(true));
          }}
        >
          <Copy aria-hidden="true" />
          {copied ? t`Copied` : t`Copy key`}
        </Button>
      </Stack>
    </AppDialog>
  );
}
