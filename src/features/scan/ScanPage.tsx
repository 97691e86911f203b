import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { liftIdFromScan } from '../../../contract/lift-link';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { useMirror } from '../../data/mirror/use-mirror';
import { FormField } from '../../ui/FormField';
import { PageTitle } from '../../ui/PageTitle';
import { createQrDetector } from './qr-detector';

/** How often a video frame is read: enough for a steady hand, light on a phone's battery. */
const READ_EVERY_MS = 250;

type Camera = 'starting' | 'scanning' | 'denied' | 'missing' | 'failed';
type Verdict = 'notLift' | 'notVisible' | 'unknownUid' | null;

/**
 * `/apps/scan`: reads a lift sticker's QR code with the back camera and opens the lift's page,
 * offline too (docs/today.md). A code of a lift the user does not see, or no lift's code, is said
 * so; without a camera, the lift's ID typed in opens it the same way.
 */
export function ScanPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const mirror = useMirror();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [verdict, setVerdict] = useState<Verdict>(null);
  const [attempt, setAttempt] = useState(0);
  const [uid, setUid] = useState('');
  const mirrorRef = useRef(mirror);
  mirrorRef.current = mirror;

  const openLift = useCallback(
    (liftId: string) => navigate({ to: '/apps/lift/lifts/$liftId/{-$deviceId}', params: { liftId } }),
    [navigate],
  );

  // The code last judged: the camera sees it many times a second, and its verdict is said once
  // (so it does not overwrite what the typed ID was told).
  const lastCode = useRef<string | null>(null);
  // Judges one scanned text; true when it opened a lift (the camera stops then).
  const judge = useCallback(
    async (text: string): Promise<boolean> => {
      if (text === lastCode.current) return false;
      lastCode.current = text;
      const liftId = liftIdFromScan(text);
      if (!liftId) {
        setVerdict('notLift');
        return false;
      }
      // Before the first sync the lift page asks the server itself, and says when it is not his.
      const db = mirrorRef.current;
      if (db && !(await db.lifts.get(liftId))) {
        setVerdict('notVisible');
        return false;
      }
      void openLift(liftId);
      return true;
    },
    [openLift],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts the camera again ("Try again").
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setCamera('starting');
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('missing');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setCamera(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? 'denied'
            : name === 'NotFoundError' || name === 'OverconstrainedError'
              ? 'missing'
              : 'failed',
        );
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      let detector: Awaited<ReturnType<typeof createQrDetector>>;
      try {
        detector = await createQrDetector();
      } catch {
        if (!stopped) setCamera('failed');
        return;
      }
      if (stopped) return;
      setCamera('scanning');
      const read = async () => {
        if (stopped || !video.current) return;
        let codes: string[] = [];
        if (video.current.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          codes = await detector.detect(video.current).catch(() => []);
        }
        for (const code of codes) if (await judge(code)) return;
        if (!stopped) timer = setTimeout(read, READ_EVERY_MS);
      };
      void read();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt, judge]);

  const openTyped = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = uid.trim().toLowerCase();
    if (!wanted) return;
    const found = mirror ? await findByUid(mirror, wanted) : null;
    if (found) void openLift(found);
    else setVerdict('unknownUid');
  };

  return (
    <Stack gap="4" maxWidth="xl">
      <PageTitle title={t`Scan a lift`} />
      <Text color="fg.muted">
        <Trans>Hold the QR code of the lift's sticker in front of the camera.</Trans>
      </Text>
      <Box
        position="relative"
        bg="black"
        borderRadius="l2"
        overflow="hidden"
        aspectRatio="4 / 3"
        display={camera === 'starting' || camera === 'scanning' ? 'block' : 'none'}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t`Camera picture`}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      <Text role="status" color="fg.muted" data-testid="scan-state" data-state={camera}>
        {camera === 'starting'
          ? t`Starting the camera…`
          : camera === 'scanning'
            ? t`Looking for a code…`
            : ''}
      </Text>
      {camera === 'denied' && (
        <CameraAlert title={t`The camera is blocked`} onRetry={() => setAttempt((n) => n + 1)}>
          <Trans>
            Allow the camera for this site: tap the lock or camera symbol beside the address, allow the
            camera, then try again. In the installed app, allow it in the phone's settings for the app.
          </Trans>
        </CameraAlert>
      )}
      {camera === 'missing' && (
        <CameraAlert title={t`No camera found`} onRetry={() => setAttempt((n) => n + 1)}>
          <Trans>This device has no camera the portal can use. Type the lift's ID below instead.</Trans>
        </CameraAlert>
      )}
      {camera === 'failed' && (
        <CameraAlert title={t`The camera could not be started`} onRetry={() => setAttempt((n) => n + 1)}>
          <Trans>Another app may be using it. Close it and try again, or type the lift's ID below.</Trans>
        </CameraAlert>
      )}
      {verdict && (
        <Text
          role="alert"
          data-testid="scan-verdict"
          fontWeight="medium"
          borderWidth="1px"
          borderColor="orange.muted"
          bg="orange.subtle"
          borderRadius="l2"
          padding="3"
        >
          {verdict === 'notLift'
            ? t`This is not a lift's code.`
            : verdict === 'notVisible'
              ? t`This lift is not one of the lifts you may see.`
              : t`No lift of yours has this ID.`}
        </Text>
      )}
      <form onSubmit={openTyped}>
        <HStack align="end" gap="2">
          <Box flex="1">
            <FormField id="scan-uid" label={t`Lift ID (on the sticker)`}>
              <Input value={uid} onChange={(event) => setUid(event.target.value)} autoComplete="off" />
            </FormField>
          </Box>
          <Button type="submit" colorPalette="blue">
            <Trans>Open</Trans>
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}

function CameraAlert({
  title,
  children,
  onRetry,
}: {
  title: string;
  children: React.ReactNode;
  onRetry: () => void;
}) {
  return (
    <Stack
      gap="2"
      align="start"
      borderWidth="1px"
      borderColor="blue.muted"
      bg="blue.subtle"
      borderRadius="l2"
      padding="3"
      data-testid="camera-problem"
    >
      <Text fontWeight="semibold">{title}</Text>
      <Text>{children}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}

/** The lift with this ID (its `uid`, as printed on the sticker), case-insensitive, from the mirror. */
async function findByUid(db: MirrorDb, uid: string): Promise<string | null> {
  const lift = await db.lifts.filter((row) => row.uid.trim().toLowerCase() === uid).first();
  return lift?.id ?? null;
}
