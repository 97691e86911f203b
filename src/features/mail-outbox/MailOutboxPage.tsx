import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paperclip } from 'lucide-react';
import { emailApi } from '../../../contract/api/email';
import { send } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { reportSaveError } from '../../ui/form-errors';
import { formatBytes } from '../../ui/format-bytes';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { PageTitle } from '../../ui/PageTitle';

/**
 * `/apps/mails` (dev): the mails the server kept in its outbox because no SMTP server is
 * configured, so invitations and reset links can be followed on a fresh install.
 */
export function MailOutboxPage() {
  const { t, i18n } = useLingui();
  /** Saves an attachment the outbox kept beside the mail (the offer PDF, say). */
  const downloadAttachment = async (mailId: string, index: number, filename: string) => {
    try {
      const response = await send(emailApi.outboxAttachment, {
        params: { id: mailId, index: String(index) },
      });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      reportSaveError(error, i18n);
    }
  };
  const outbox = useApiQuery(emailApi.outbox, {});
  const mails = outbox.data?.mails ?? [];
  const format = dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="4">
      <PageTitle title={t`Mail outbox`} />
      <NeedsConnection>
        <Stack gap="4">
          <Text color="fg.muted">
            <Trans>
              Mails the server could not send because no SMTP server is configured (SMTP_URL), newest first.
            </Trans>
          </Text>
          <LoadFailure error={outbox.status === 'failed' ? outbox.error : null} />
          {outbox.status === 'loading' && mails.length === 0 && <Loading />}
          {outbox.status === 'ready' && mails.length === 0 && (
            <Text color="fg.muted">
              <Trans>The outbox is empty.</Trans>
            </Text>
          )}
          {mails.map((mail) => (
            <Box as="article" key={mail.id} borderWidth="1px" borderRadius="l2" padding="4">
              <Heading as="h2" size="sm">
                {mail.subject}
              </Heading>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                <Trans>
                  To {mail.to} · {format.format(new Date(mail.at))}
                </Trans>
              </Text>
              <Text whiteSpace="pre-wrap" fontSize="sm" marginTop="2">
                {mail.text}
              </Text>
              {(mail.attachments ?? []).length > 0 && (
                <HStack as="ul" gap="2" marginTop="2" listStyleType="none" wrap="wrap">
                  {(mail.attachments ?? []).map((attachment, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the place in the list is the attachment's address
                    <li key={index}>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => void downloadAttachment(mail.id, index, attachment.filename)}
                      >
                        <Paperclip aria-hidden="true" />
                        {attachment.filename} ({formatBytes(attachment.size, i18n.locale)})
                      </Button>
                    </li>
                  ))}
                </HStack>
              )}
              {mail.links.length > 0 && (
                <Stack as="ul" gap="1" marginTop="2" listStyleType="none">
                  {mail.links.map((link) => (
                    <li key={link}>
                      <Link href={link} colorPalette="blue" color="colorPalette.fg" wordBreak="break-all">
                        {link}
                      </Link>
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      </NeedsConnection>
    </Stack>
  );
}
