import { Badge, Box, chakra, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Description } from '../../../contract/schemas/description';
import { descriptionTexts, findDescription, type pickText } from '../../data/lookups/descriptions';
import { useDescriptionCatalog } from '../../data/mirror/use-mirror';
import { DescriptionText } from '../../ui/LiftBadges';
import { Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack as="section" gap="1" data-testid={testId}>
      <Text as="h2" fontSize="md" fontWeight="semibold">
        {title}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}

/** The texts in the language the user does not read the page in, folded away. */
function OtherLanguage({ description }: { description: Description }) {
  const { t, i18n } = useLingui();
  const other = i18n.locale.startsWith('de') ? 'en' : 'de';
  const texts = descriptionTexts(description, other);
  // Only what is written in that language: the reader's own fallback is the same text again.
  const own = (value: ReturnType<typeof pickText>) => (value.lang === other ? value.text : '');
  const [name, cause, remedy] = [own(texts.name), own(texts.cause), own(texts.remedy)];
  if (!name && !cause && !remedy) return null;
  return (
    <chakra.details borderTopWidth="1px" paddingTop="3">
      <chakra.summary cursor="pointer" fontWeight="medium">
        {other === 'en' ? t`In English` : t`In German`}
      </chakra.summary>
      <Stack gap="2" marginTop="2" lang={other}>
        {name && <Text fontWeight="semibold">{name}</Text>}
        {cause && (
          <Text fontSize="sm">
            <chakra.span fontWeight="medium">
              <Trans>Cause:</Trans>
            </chakra.span>{' '}
            {cause}
          </Text>
        )}
        {remedy && (
          <Text fontSize="sm">
            <chakra.span fontWeight="medium">
              <Trans>Remedy:</Trans>
            </chakra.span>{' '}
            {remedy}
          </Text>
        )}
      </Stack>
    </chakra.details>
  );
}

/**
 * `/apps/descriptions/$number`: what one code means, its cause and remedy, from the catalogue the
 * device holds (offline too). A fault on the lift page links here.
 */
export function DescriptionDetailPage({ number }: { number: string }) {
  const { t, i18n } = useLingui();
  const descriptions = useDescriptionCatalog();
  const code = /^\d{1,5}$/.test(number) ? Number(number) : null;
  const description = findDescription(descriptions, code);
  const back = (
    <Link asChild colorPalette="blue" color="colorPalette.fg" fontSize="sm" alignSelf="flex-start">
      <RouterLink to="/apps/descriptions">
        <ArrowLeft aria-hidden="true" size="1em" />
        <Trans>All descriptions</Trans>
      </RouterLink>
    </Link>
  );
  if (!descriptions) return <Loading />;
  if (!description) {
    return (
      <Stack gap="3">
        {back}
        <PageTitle title={t`Code ${number}`} />
        <Text color="fg.muted">
          <Trans>The catalogue has no description for this code.</Trans>
        </Text>
      </Stack>
    );
  }
  const texts = descriptionTexts(description, i18n.locale);
  return (
    <Stack gap="4" maxWidth="3xl">
      {back}
      <Box>
        <PageTitle title={t`Code ${description.number}: ${texts.name.text}`} />
        <HStack marginTop="-2">
          <Badge colorPalette={description.type === 'error' ? 'red' : 'blue'} variant="subtle">
            {description.type === 'error' ? t`Error` : t`Info`}
          </Badge>
        </HStack>
      </Box>
      <Section title={t`Cause`} testId="description-cause">
        {texts.cause.text ? <DescriptionText value={texts.cause} /> : t`No cause written yet.`}
      </Section>
      <Section title={t`Remedy`} testId="description-remedy">
        {texts.remedy.text ? <DescriptionText value={texts.remedy} /> : t`No remedy written yet.`}
      </Section>
      <OtherLanguage description={description} />
    </Stack>
  );
}
