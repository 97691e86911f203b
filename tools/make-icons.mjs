// Draws the Lift-Portal icon (a lift cabin with up/down arrows) and writes real PNG files to public/.
// Usage: node tools/make-icons.mjs. A tiny PNG encoder on node:zlib: no image library needed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BACKGROUND = [0x1e, 0x3a, 0x5f, 255];
const FOREGROUND = [255, 255, 255, 255];
const ACCENT = [0xf5, 0xb7, 0x00, 255];
const TRANSPARENT = [0, 0, 0, 0];
const SUPERSAMPLING = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** RGBA pixels (Uint8Array, row-major) → PNG bytes (8-bit RGBA, no interlace). */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

function inRoundedRect(x, y, x0, y0, x1, y1, r) {
  if (!inRect(x, y, x0, y0, x1, y1)) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Triangle pointing up (dir -1) or down (dir 1) with its base centred on (cx, baseY). */
function inTriangle(x, y, cx, tipY, baseY, halfWidth) {
  const t = (y - tipY) / (baseY - tipY);
  if (t < 0 || t > 1) return false;
  return Math.abs(x - cx) <= halfWidth * t;
}

/** The glyph in its own unit square: a cabin with doors, and up/down arrows beside it. */
function glyphColour(u, v) {
  if (inTriangle(u, v, 0.78, 0.2, 0.44, 0.15)) return ACCENT;
  if (inTriangle(u, v, 0.78, 0.8, 0.56, 0.15)) return FOREGROUND;
  const cabin = inRoundedRect(u, v, 0.1, 0.14, 0.58, 0.86, 0.05);
  const inside = inRect(u, v, 0.16, 0.2, 0.52, 0.8);
  if (cabin && !inside) return FOREGROUND;
  if (inside && Math.abs(u - 0.34) <= 0.018) return FOREGROUND;
  return null;
}

function render(size, { maskable, opaque }) {
  const glyphScale = maskable ? 0.56 : 0.72;
  const offset = (1 - glyphScale) / 2;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLING; sy++) {
        for (let sx = 0; sx < SUPERSAMPLING; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLING) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLING) / size;
          const inBackground = maskable || opaque || inRoundedRect(x, y, 0, 0, 1, 1, 0.2);
          let colour = inBackground ? BACKGROUND : TRANSPARENT;
          if (inBackground)
            colour = glyphColour((x - offset) / glyphScale, (y - offset) / glyphScale) ?? colour;
          // Premultiplied accumulation keeps antialiased edges against transparency clean.
          const alpha = colour[3] / 255;
          sum[0] += colour[0] * alpha;
          sum[1] += colour[1] * alpha;
          sum[2] += colour[2] * alpha;
          sum[3] += alpha;
        }
      }
      const i = (py * size + px) * 4;
      const coverage = sum[3];
      pixels[i] = coverage ? Math.round(sum[0] / coverage) : 0;
      pixels[i + 1] = coverage ? Math.round(sum[1] / coverage) : 0;
      pixels[i + 2] = coverage ? Math.round(sum[2] / coverage) : 0;
      pixels[i + 3] = Math.round((coverage / SUPERSAMPLING ** 2) * 255);
    }
  }
  return encodePng(size, pixels);
}

/** An ICO container holding one PNG image (supported by every current browser). */
function encodeIco(size, png) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header[6] = size;
  header[7] = size;
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

function write(relativePath, bytes) {
  const path = join(root, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  console.info(`${relativePath} (${bytes.length} bytes)`);
}

write('public/icons/icon-192.png', render(192, { maskable: false, opaque: false }));
write('public/icons/icon-512.png', render(512, { maskable: false, opaque: false }));
write('public/icons/maskable-512.png', render(512, { maskable: true, opaque: true }));
write('public/icons/apple-touch-icon.png', render(180, { maskable: false, opaque: true }));
const favicon = render(32, { maskable: false, opaque: false });
write('public/favicon-32.png', favicon);
write('public/favicon.ico', encodeIco(32, favicon));
