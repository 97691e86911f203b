import { Box, Button, HStack, IconButton, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '../../../contract/messages';
import { MAX_ITEM_PRICE_CENTS, MAX_ITEM_QUANTITY } from '../../../contract/schemas/project';
import type { Subfolder } from '../../../contract/schemas/tableau';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { FormField } from '../../ui/FormField';
import { SelectInput } from '../../ui/SelectInput';
import { centsOf, emptyItem, type ItemDraft, priceText } from './project-draft';
import { formatCents } from './project-labels';

/** Staff's line items: text, quantity and unit price per row, new rows blank or from a library article. */
export function ProjectItemEditor({
  items,
  articles,
  onChange,
}: {
  items: ItemDraft[];
  articles: Subfolder[];
  onChange: (items: ItemDraft[]) => void;
}) {
  const { t, i18n } = useLingui();
  const [articleDraft, setArticleDraft] = useState('');
  const changeRow = (index: number, change: Partial<ItemDraft>) =>
    onChange(items.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="2">
      {items.map((item, index) => (
        <SimpleGrid
          // biome-ignore lint/suspicious/noArrayIndexKey: rows stay at their place while edited
          key={index}
          columns={{ base: 2, md: 5 }}
          gap="2"
          alignItems="end"
          data-testid="project-item"
        >
          <Box gridColumn={{ base: 'span 2', md: 'span 2' }}>
            <FormField id={`item-${index}-text`} label={t`Text`}>
              <Input
                size="sm"
                value={item.text}
                onChange={(event) => changeRow(index, { text: event.target.value })}
              />
            </FormField>
          </Box>
          <FormField
            id={`item-${index}-quantity`}
            label={t`Quantity`}
            error={
              Number(item.quantity) > MAX_ITEM_QUANTITY
                ? translateServerMessage(i18n, MSG.itemQuantityTooLarge)
                : null
            }
          >
            <Input
              size="sm"
              type="number"
              min={1}
              max={MAX_ITEM_QUANTITY}
              value={item.quantity}
              onChange={(event) => changeRow(index, { quantity: event.target.value })}
            />
          </FormField>
          <FormField
            id={`item-${index}-price`}
            label={t`Unit price (€)`}
            error={
              centsOf(item.price, i18n.locale) > MAX_ITEM_PRICE_CENTS
                ? translateServerMessage(i18n, MSG.itemPriceTooLarge)
                : null
            }
          >
            <Input
              size="sm"
              inputMode="decimal"
              value={item.price}
              onChange={(event) => changeRow(index, { price: event.target.value })}
            />
          </FormField>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={t`Remove item ${index + 1}`}
            onClick={() => onChange(items.filter((_row, i) => i !== index))}
          >
            <Trash2 />
          </IconButton>
        </SimpleGrid>
      ))}
      <HStack align="end" wrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={() => onChange([...items, emptyItem])}>
          <Plus aria-hidden="true" />
          <Trans>Add item</Trans>
        </Button>
        <FormField id="project-article" label={t`Article from the design library`}>
          <SelectInput
            value={articleDraft}
            onChange={(event) => setArticleDraft(event.target.value)}
            options={[
              { value: '', label: t`Choose an article` },
              ...articles.map((article) => ({
                value: article.id,
                label: `${article.number} · ${article.name} · ${formatCents(article.priceCents, i18n.locale)}`,
              })),
            ]}
          />
        </FormField>
        <Button
          size="sm"
          variant="outline"
          disabled={!articleDraft}
          onClick={() => {
            const article = articles.find((item) => item.id === articleDraft);
            if (!article) return;
            onChange([
              ...items,
              {
                articleId: article.id,
                text: `${article.number} ${article.name}`,
                quantity: '1',
                price: priceText(article.priceCents, i18n.locale),
              },
            ]);
            setArticleDraft('');
          }}
        >
          <Trans>Add article</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}
