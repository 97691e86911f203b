import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ScanLine } from 'lucide-react';

/** The toolbar's "Scan": opens the sticker scanner (docs/today.md). Loaded after sign-in, with its icon. */
export default function ScanButton() {
  const { t } = useLingui();
  const label = t`Scan a lift's code`;
  return (
    <IconButton asChild variant="ghost" size="sm" aria-label={label} title={label}>
      <Link to="/apps/scan">
        <ScanLine aria-hidden="true" />
      </Link>
    </IconButton>
  );
}
