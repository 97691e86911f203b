import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Maximize, Minimize } from 'lucide-react';
import { useEffect, useState } from 'react';
import { showToast } from '../../ui/toaster';

export function FullscreenToggle() {
  const { t } = useLingui();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    // docs/spec-texts.md#messages-toasts-and-error-pages: some browsers (iPhone Safari) have no fullscreen API at all.
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      showToast('error', t`fullscreenElement is not supported by this browser`);
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      showToast('error', t`fullscreenElement is not supported by this browser`);
    }
  };

  const label = fullscreen ? t`Exit full screen` : t`Enter full screen`;
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      aria-pressed={fullscreen}
      onClick={toggle}
    >
      {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
    </IconButton>
  );
}
