import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { send } from '../../data/api/http';
import { reportSaveError } from '../../ui/form-errors';

const MAX_STICKERS = 200;

/** Downloads the sticker PDF of the selected lifts (`GET /lifts/stickers`, docs/maintenance.md#stickers). */
export function PrintStickersButton({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const tooMany = ids.length > MAX_STICKERS;

  async function print() {
    setBusy(true);
    try {
      const response = await send(maintenanceApi.stickers, { query: { ids: ids.join(',') } });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = t`stickers.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="outline"
      onClick={() => void print()}
      disabled={ids.length === 0 || tooMany}
      loading={busy}
      title={tooMany ? t`At most ${MAX_STICKERS} lifts at a time` : undefined}
    >
      <Printer aria-hidden="true" />
      {ids.length === 0 ? <Trans>Print stickers</Trans> : <Trans>Print {ids.length} stickers</Trans>}
    </Button>
  );
}
