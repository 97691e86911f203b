import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { PenTool } from 'lucide-react';
import { usePublicConfig } from '../../data/api/public-config';
import { isExternalUrl } from '../navigation';

/**
 * Opens the external design editor (DESIGN_EDITOR_URL) in a new tab (docs/spec-texts.md#menu-and-screens toolbar); hidden when
 * none is set, and on phones, whose toolbar has no room left: there the navigation drawer has it as
 * a link entry.
 */
export function DesignEditorLink() {
  const { t } = useLingui();
  const url = usePublicConfig()?.designEditorUrl;
  if (!isExternalUrl(url)) return null;
  const label = t`Design editor`;
  const external = t`(opens in a new tab)`;
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      display={{ base: 'none', sm: 'inline-flex' }}
      aria-label={`${label} ${external}`}
      title={label}
    >
      <a href={url} target="_blank" rel="noopener noreferrer">
        <PenTool aria-hidden="true" />
      </a>
    </IconButton>
  );
}
