/**
 * Reads QR codes from the camera's video: the browser's own `BarcodeDetector` where it has one
 * (Android, macOS), otherwise the barcode-detector polyfill on zxing-wasm. Its WebAssembly is the
 * portal's own file (emitted by Vite, precached by the service worker, docs/today.md), never a CDN,
 * so scanning works offline; the CSP allows compiling it with 'wasm-unsafe-eval'.
 */

export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<string[]>;
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Native({ formats: ['qr_code'] });
  return { detect: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

async function zxingDetector(): Promise<QrDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  return { detect: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

/** The detector of this browser, the polyfill's loaded only when needed. */
export async function createQrDetector(): Promise<QrDetector> {
  return (await nativeDetector()) ?? zxingDetector();
}
