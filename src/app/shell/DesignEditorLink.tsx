import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { PenTool } from 'lucide-react';
import { usePublicConfig } from '../../data/public-config';

/**
 * Opens the external design editor (DESIGN_EDITOR_URL) in a new tab; hidden when none is set, and
 * on phones, whose toolbar has no room left and where a desktop design tool is of no use.
 */
export function DesignEditorLink() {
  const { t } = useLingui();
  const url = usePublicConfig()?.designEditorUrl;
  if (!url) return null;
  const label = t`Design editor`;
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      display={{ base: 'none', sm: 'inline-flex' }}
      aria-label={label}
      title={label}
    >
      <a href={url} target="_blank" rel="noopener noreferrer">
        <PenTool aria-hidden="true" />
      </a>
    </IconButton>
  );
}
