import { Box, Button, HStack, Tabs } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { TEMPLATE_TYPES, type TemplateType } from '../../../contract/schemas/tableau';
import { PageTitle } from '../../ui/PageTitle';
import { NewTemplateDialog } from './NewTemplateDialog';
import { TemplateGrid } from './TemplateGrid';
import '../../ui/tabs-recipe';

/** `/apps/tableau/templates`: the panel templates by type with their previews; each opens in the editor. */
export function TemplatesPage() {
  const { t } = useLingui();
  const [type, setType] = useState<TemplateType>('COP');
  const [creating, setCreating] = useState(false);

  return (
    <Box>
      <PageTitle title={t`Templates`} />
      <Tabs.Root
        value={type}
        onValueChange={(details) => setType(details.value as TemplateType)}
        variant="enclosed"
        size="sm"
        lazyMount
        unmountOnExit
      >
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Tabs.List>
            {TEMPLATE_TYPES.map((item) => (
              <Tabs.Trigger key={item} value={item}>
                {item === 'COP' ? t`Car panels (COP)` : t`Landing panels (LOP)`}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus /> <Trans>New template</Trans>
          </Button>
        </HStack>
        {/* The selected tab's panel, the one its tab names (`aria-controls`). A list of its own per
            type: the other type's cards are not shown while this one loads. */}
        {TEMPLATE_TYPES.map((item) => (
          <Tabs.Content key={item} value={item}>
            <TemplateGrid type={item} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <NewTemplateDialog open={creating} type={type} onClose={() => setCreating(false)} />
    </Box>
  );
}
